import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fixtureGit } from './git-fixtures';

/**
 * Repositories whose objects git's fsck flags, written byte by byte with
 * `git hash-object --literally` (the only way to make them: every git command that writes
 * objects checks them first).
 */

const env = (cwd: string) => ({
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  HOME: cwd,
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
});

/** Writes an object of `type` as given, unchecked; returns its id. */
function writeLiteral(bare: string, type: 'blob' | 'tree' | 'commit', bytes: Buffer): string {
  return execFileSync('git', ['hash-object', '-t', type, '--literally', '-w', '--stdin'], {
    cwd: bare,
    input: bytes,
    env: env(bare),
    encoding: 'utf8',
  }).trim();
}

/** A tree from entries written exactly as given: `mode` may be zero-padded, `name` may be `.git`. */
function writeTree(bare: string, entries: { mode: string; name: string; id: string }[]): string {
  const bytes = entries.map(({ mode, name, id }) =>
    Buffer.concat([Buffer.from(`${mode} ${name}\0`, 'utf8'), Buffer.from(id, 'hex')]),
  );
  return writeLiteral(bare, 'tree', Buffer.concat(bytes));
}

/**
 * A commit of `tree` on `main` (after its current head, if any) whose author and committer lines
 * end in `when` (e.g. a bad zone).
 */
function commitOnMain(bare: string, tree: string, when: string): string {
  const person = `Old Tool <old@example.com> ${when}`;
  let parent = '';
  try {
    parent = `parent ${fixtureGit(bare, ['rev-parse', '--verify', '-q', 'refs/heads/main']).trim()}\n`;
  } catch {
    // An empty repository: the first commit.
  }
  const body = `tree ${tree}\n${parent}author ${person}\ncommitter ${person}\n\nimported long ago\n`;
  const commit = writeLiteral(bare, 'commit', Buffer.from(body, 'utf8'));
  fixtureGit(bare, ['update-ref', 'refs/heads/main', commit]);
  return commit;
}

function initBare(root: string, name: string): string {
  const bare = join(root, `${name}.git`);
  mkdirSync(bare, { recursive: true });
  fixtureGit(bare, ['init', '-q', '--bare', '-b', 'main']);
  return bare;
}

const blob = (bare: string, text: string) => writeLiteral(bare, 'blob', Buffer.from(text));

/**
 * The quirks of flask's and requests' histories: a tree with zero-padded file modes (`0100644`,
 * `040000`) and a commit whose time zone is malformed (`+01000`). Files: `README.md`, `src/app.py`.
 */
export function createFsckQuirkRepo(root: string, name: string): string {
  const bare = initBare(root, name);
  const src = writeTree(bare, [
    { mode: '0100644', name: 'app.py', id: blob(bare, 'def app():\n    return 1\n') },
  ]);
  const tree = writeTree(bare, [
    { mode: '0100644', name: 'README.md', id: blob(bare, '# quirks\n') },
    { mode: '040000', name: 'src', id: src },
  ]);
  commitOnMain(bare, tree, '1700000000 +01000');
  return bare;
}

/** A repository whose tree has an entry named `.git` holding a `config` (fsck: hasDotgit). */
export function createDotGitRepo(root: string, name: string): string {
  const bare = initBare(root, name);
  addDotGitCommit(bare);
  return bare;
}

/** Adds a commit on `main` of `bare` whose tree has an entry named `.git` (fsck: hasDotgit). */
export function addDotGitCommit(bare: string): void {
  const inner = writeTree(bare, [
    { mode: '100644', name: 'config', id: blob(bare, '[core]\n\thooksPath = /tmp\n') },
  ]);
  const tree = writeTree(bare, [
    { mode: '40000', name: '.git', id: inner },
    { mode: '100644', name: 'README.md', id: blob(bare, '# evil\n') },
  ]);
  commitOnMain(bare, tree, '1700000000 +0000');
}
