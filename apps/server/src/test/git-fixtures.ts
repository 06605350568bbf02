import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';

/** Git for building fixtures: no user or system configuration, a fixed identity; `input` is stdin. */
export function fixtureGit(cwd: string, args: string[], input?: string): string {
  return execFileSync(
    'git',
    ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args],
    {
      cwd,
      input,
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

/**
 * A bare repository `<root>/<name>.git` made from a work tree with the given files on `main`,
 * and `branches` more branches each adding one file. Returns the bare repository's path.
 */
export function createFixtureRepo(
  root: string,
  name: string,
  files: Record<string, string | Buffer | { symlink: string } | { gitlink: string }>,
  branches: Record<string, Record<string, string>> = {},
): string {
  const work = join(root, `${name}-work`);
  mkdirSync(work, { recursive: true });
  fixtureGit(work, ['init', '-q', '-b', 'main']);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(work, path)), { recursive: true });
    if (typeof content === 'object' && 'gitlink' in content) {
      fixtureGit(work, [
        'update-index',
        '--add',
        '--cacheinfo',
        `160000,${content.gitlink},${path}`,
      ]);
    } else if (typeof content === 'object' && !Buffer.isBuffer(content)) {
      // Symlinks are added to the index by hand so the test never creates a real one on disk.
      const sha = execFileSync('git', ['hash-object', '-w', '--stdin'], {
        cwd: work,
        input: content.symlink,
        encoding: 'utf8',
      }).trim();
      fixtureGit(work, ['update-index', '--add', '--cacheinfo', `120000,${sha},${path}`]);
    } else {
      writeFileSync(join(work, path), content);
      fixtureGit(work, ['add', '--', path]);
    }
  }
  fixtureGit(work, ['commit', '-q', '-m', 'initial']);
  for (const [branch, extra] of Object.entries(branches)) {
    fixtureGit(work, ['checkout', '-q', '-b', branch, 'main']);
    for (const [path, content] of Object.entries(extra)) {
      writeFileSync(join(work, path), content);
      fixtureGit(work, ['add', '--', path]);
    }
    fixtureGit(work, ['commit', '-q', '-m', `on ${branch}`]);
  }
  fixtureGit(work, ['checkout', '-q', 'main']);
  const bare = join(root, `${name}.git`);
  fixtureGit(root, ['clone', '-q', '--bare', '--', work, bare]);
  return bare;
}

/** A TCP port that was free a moment ago on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
