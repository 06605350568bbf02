import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gitDaemonUrl, gitDir } from './playwright.config';

/** Git with no user or system configuration and a fixed identity, as the server tests use it. */
function git(cwd: string, args: string[]): string {
  return execFileSync(
    'git',
    ['-c', 'user.name=E2E', '-c', 'user.email=e2e@example.test', ...args],
    {
      cwd,
      encoding: 'utf8',
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: cwd,
        GIT_CONFIG_NOSYSTEM: '1',
        GIT_CONFIG_GLOBAL: '/dev/null',
      },
    },
  );
}

/** A repository served by the e2e git daemon, with a work tree to make new commits from. */
export interface ServedRepo {
  /** The git:// URL a user connects. */
  url: string;
  /** Commits `files` on `branch` and pushes them to the served repository. */
  commit(branch: string, files: Record<string, string>, message: string): void;
  /** Removes the work tree (the served repository goes with the e2e git directory). */
  dispose(): void;
}

/**
 * Makes `<E2E_GIT_DIR>/<name>.git` with `files` on `main` and each entry of `branches` as a branch
 * off `main` adding its files, then serves it through the git daemon of e2e/serve.mjs.
 */
export function createServedRepo(
  name: string,
  files: Record<string, string>,
  branches: Record<string, Record<string, string>> = {},
): ServedRepo {
  if (!gitDir) throw new Error('E2E_GIT_DIR is not set (playwright.config.ts sets it)');
  const work = mkdtempSync(join(tmpdir(), `codedocs-e2e-work-${name}-`));
  const bare = join(gitDir, `${name}.git`);
  const write = (entries: Record<string, string>) => {
    for (const [path, content] of Object.entries(entries)) {
      mkdirSync(dirname(join(work, path)), { recursive: true });
      writeFileSync(join(work, path), content);
    }
  };
  git(work, ['init', '-q', '-b', 'main']);
  write(files);
  git(work, ['add', '-A']);
  git(work, ['commit', '-q', '-m', 'Initial commit']);
  for (const [branch, added] of Object.entries(branches)) {
    git(work, ['checkout', '-q', '-b', branch, 'main']);
    write(added);
    git(work, ['add', '-A']);
    git(work, ['commit', '-q', '-m', `Work on ${branch}`]);
  }
  git(work, ['checkout', '-q', 'main']);
  mkdirSync(gitDir, { recursive: true });
  git(gitDir, ['clone', '-q', '--bare', work, bare]);
  git(work, ['remote', 'add', 'origin', bare]);
  return {
    url: `${gitDaemonUrl}/${name}.git`,
    commit(branch, entries, message) {
      git(work, ['checkout', '-q', branch]);
      write(entries);
      git(work, ['add', '-A']);
      git(work, ['commit', '-q', '-m', message]);
      git(work, ['push', '-q', 'origin', branch]);
    },
    dispose: () => rmSync(work, { recursive: true, force: true }),
  };
}

/** Writes an object of `type` into `bare` exactly as given: git checks nothing (--literally). */
function writeLiteral(bare: string, type: 'blob' | 'tree' | 'commit', bytes: Buffer): string {
  return execFileSync('git', ['hash-object', '-t', type, '--literally', '-w', '--stdin'], {
    cwd: bare,
    input: bytes,
    encoding: 'utf8',
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: bare,
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_CONFIG_GLOBAL: '/dev/null',
    },
  }).trim();
}

/** A tree written byte by byte, so a mode may be zero-padded as old tools wrote them. */
function writeLiteralTree(bare: string, entries: { mode: string; name: string; id: string }[]) {
  const bytes = entries.map(({ mode, name, id }) =>
    Buffer.concat([Buffer.from(`${mode} ${name}\0`, 'utf8'), Buffer.from(id, 'hex')]),
  );
  return writeLiteral(bare, 'tree', Buffer.concat(bytes));
}

/**
 * Serves `<E2E_GIT_DIR>/<name>.git` with the history quirks of pallets/flask and psf/requests
 * (the approach of apps/server/src/test/fsck-fixtures.ts): a tree with zero-padded modes
 * (`0100644`, `040000`) and a commit whose time zone is malformed (`+01000`). Files:
 * `README.md` and `src/app.py`. Returns the git:// URL.
 */
export function createServedFsckQuirkRepo(name: string): string {
  if (!gitDir) throw new Error('E2E_GIT_DIR is not set (playwright.config.ts sets it)');
  const bare = join(gitDir, `${name}.git`);
  mkdirSync(bare, { recursive: true });
  git(bare, ['init', '-q', '--bare', '-b', 'main']);
  const blob = (text: string) => writeLiteral(bare, 'blob', Buffer.from(text));
  const src = writeLiteralTree(bare, [
    { mode: '0100644', name: 'app.py', id: blob('def app():\n    return 1\n') },
  ]);
  const tree = writeLiteralTree(bare, [
    { mode: '0100644', name: 'README.md', id: blob('# quirks\n') },
    { mode: '040000', name: 'src', id: src },
  ]);
  const person = 'Old Tool <old@example.com> 1700000000 +01000';
  const commit = writeLiteral(
    bare,
    'commit',
    Buffer.from(`tree ${tree}\nauthor ${person}\ncommitter ${person}\n\nimported long ago\n`),
  );
  git(bare, ['update-ref', 'refs/heads/main', commit]);
  return `${gitDaemonUrl}/${name}.git`;
}

/** The git:// URL the e2e git daemon gives repository `name` (whether it exists or not). */
export function gitDaemonUrlFor(name: string): string {
  return `${gitDaemonUrl}/${name}.git`;
}
