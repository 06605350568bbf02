import { randomBytes } from 'node:crypto';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import type { Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGitDaemon } from '../test/git-daemon';
import type { GitDaemon } from '../test/git-daemon';
import { createFixtureRepo, fixtureGit } from '../test/git-fixtures';
import { GitError } from './git-error';
import { parseRepoUrl, validateRepoUrl } from './repo-url';
import {
  cloneRepository,
  defaultBranch,
  fetchRepository,
  listBranches,
  listTree,
  readBlob,
  resolveHead,
} from './repository';

const policy = { allowLocal: false, allowPrivateNetwork: true };
const limits = { timeoutMs: 30_000, maxRepoBytes: 64 * 1024 * 1024, allowFile: false };

/** Every path under `dir` (relative), including symlinks, without following any. */
function walk(dir: string, prefix = ''): { path: string; symlink: boolean }[] {
  const out: { path: string; symlink: boolean }[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const stats = lstatSync(path);
    out.push({ path: join(prefix, name), symlink: stats.isSymbolicLink() });
    if (stats.isDirectory()) out.push(...walk(path, join(prefix, name)));
  }
  return out;
}

async function gitFailure(promise: Promise<unknown>): Promise<GitError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(GitError);
    return error as GitError;
  }
  throw new Error('expected a GitError');
}

describe('cloning and fetching from a real git daemon', () => {
  let root: string;
  let served: string;
  let daemon: GitDaemon;
  let clones: string;
  let stall: Server;
  let stallPort: number;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'codedocs-git-repo-'));
    served = join(root, 'served');
    clones = join(root, 'clones');
    mkdirSync(served);
    mkdirSync(clones);
    const bare = createFixtureRepo(
      served,
      'two-branches',
      {
        'README.md': '# hello\n',
        'src/index.ts': 'export const x = 1;\n',
        passwd: { symlink: '/etc/passwd' },
        'escape/up': { symlink: '../../../../../../etc' },
      },
      { feature: { 'feature.txt': 'only on feature\n' } },
    );
    // Hooks in the served repository: they belong to the remote and must never run here.
    writeFileSync(
      join(bare, 'hooks', 'post-checkout'),
      `#!/bin/sh\ntouch ${join(root, 'remote-hook-ran')}\n`,
      {
        mode: 0o755,
      },
    );
    createFixtureRepo(served, 'big', { 'blob.bin': randomBytes(3 * 1024 * 1024) });
    createFixtureRepo(served, 'with-submodule', {
      '.gitmodules': '[submodule "sub"]\n\tpath = sub\n\turl = https://example.invalid/sub.git\n',
      sub: { gitlink: '0123456789abcdef0123456789abcdef01234567' },
    });
    daemon = await startGitDaemon(served);
    // A server that accepts and never answers: a clone against it hangs until the timeout.
    stall = createServer(() => {});
    await new Promise<void>((resolve) => stall.listen(0, '127.0.0.1', resolve));
    stallPort = (stall.address() as { port: number }).port;
  });

  afterAll(async () => {
    await daemon?.stop();
    stall?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  const leftovers = () => readdirSync(clones).filter((name) => name.includes('.clone-'));

  it('clones a repository with two branches as a bare repository and lists branches and files', async () => {
    const url = await validateRepoUrl(daemon.url('two-branches.git'), policy);
    const destination = join(clones, 'two');
    await cloneRepository({ ...limits, url, destination });
    expect(existsSync(join(destination, 'HEAD'))).toBe(true);
    expect(existsSync(join(destination, 'README.md'))).toBe(false);
    const branches = await listBranches(destination, limits);
    expect(branches.map((branch) => branch.name)).toEqual(['feature', 'main']);
    expect(await defaultBranch(destination, limits)).toBe('main');
    const head = await resolveHead(destination, limits);
    expect(head).toBe(branches.find((branch) => branch.name === 'main')?.commit);
    const feature = await resolveHead(destination, { ...limits, branch: 'feature' });
    const featureFiles = (await listTree(destination, feature, limits)).map((entry) => entry.path);
    expect(featureFiles).toContain('feature.txt');
    expect((await listTree(destination, head, limits)).map((entry) => entry.path)).not.toContain(
      'feature.txt',
    );
    await expect(resolveHead(destination, { ...limits, branch: 'nope' })).rejects.toThrow(
      'Unknown branch nope',
    );
  });

  it('never follows a symlink pointing outside: it is a blob holding the target name', async () => {
    const url = await validateRepoUrl(daemon.url('two-branches.git'), policy);
    const destination = join(clones, 'symlinks');
    await cloneRepository({ ...limits, url, destination });
    const head = await resolveHead(destination, limits);
    const entries = await listTree(destination, head, limits);
    const passwd = entries.find((entry) => entry.path === 'passwd');
    expect(passwd).toMatchObject({ kind: 'symlink', mode: '120000' });
    const blob = await readBlob(destination, passwd?.blobSha ?? '', { ...limits, maxBytes: 1024 });
    expect(blob.content.toString()).toBe('/etc/passwd');
    expect(entries.find((entry) => entry.path === 'escape/up')).toMatchObject({ kind: 'symlink' });
    // Nothing on disk is a symlink: no checkout ever happens.
    expect(walk(destination).filter((entry) => entry.symlink)).toEqual([]);
  });

  it('runs no hook: none is installed by the clone, and one planted locally does not run on fetch', async () => {
    const url = await validateRepoUrl(daemon.url('two-branches.git'), policy);
    const destination = join(clones, 'hooks');
    await cloneRepository({ ...limits, url, destination });
    expect(existsSync(join(destination, 'hooks'))).toBe(false);
    expect(existsSync(join(root, 'remote-hook-ran'))).toBe(false);
    mkdirSync(join(destination, 'hooks'));
    const marker = join(root, 'local-hook-ran');
    for (const hook of ['reference-transaction', 'post-merge', 'post-checkout', 'pre-auto-gc']) {
      writeFileSync(join(destination, 'hooks', hook), `#!/bin/sh\ntouch ${marker}\n`, {
        mode: 0o755,
      });
    }
    // A new commit so that the fetch updates a ref (reference-transaction would fire).
    const work = join(served, 'two-branches-work');
    writeFileSync(join(work, 'new.txt'), 'new\n');
    fixtureGit(work, ['add', 'new.txt']);
    fixtureGit(work, ['commit', '-q', '-m', 'new']);
    fixtureGit(work, ['push', '-q', join(served, 'two-branches.git'), 'main']);

    const fetched = await fetchRepository({ ...limits, url, repoDir: destination });
    expect(fetched.changed).toBe(true);
    expect(existsSync(marker)).toBe(false);
    const again = await fetchRepository({ ...limits, url, repoDir: destination });
    expect(again.changed).toBe(false);
  });

  it('never fetches submodules: the gitlink is listed, nothing is cloned for it', async () => {
    const url = await validateRepoUrl(daemon.url('with-submodule.git'), policy);
    const destination = join(clones, 'submodule');
    await cloneRepository({ ...limits, url, destination });
    expect(existsSync(join(destination, 'modules'))).toBe(false);
    const head = await resolveHead(destination, limits);
    expect(
      (await listTree(destination, head, limits)).find((entry) => entry.path === 'sub'),
    ).toMatchObject({
      kind: 'submodule',
      mode: '160000',
    });
  });

  it('aborts a clone past GIT_MAX_REPO_BYTES and leaves nothing behind', async () => {
    const url = await validateRepoUrl(daemon.url('big.git'), policy);
    const destination = join(clones, 'big');
    const error = await gitFailure(
      cloneRepository({ ...limits, maxRepoBytes: 1024 * 1024, url, destination }),
    );
    expect(error.failure).toBe('repo_too_large');
    expect(existsSync(destination)).toBe(false);
    expect(leftovers()).toEqual([]);
  });

  it('leaves nothing behind when a clone is interrupted half-way (timeout against a stalled server)', async () => {
    const url = await validateRepoUrl(`git://127.0.0.1:${stallPort}/stalled.git`, policy);
    const destination = join(clones, 'stalled');
    const error = await gitFailure(
      cloneRepository({ ...limits, timeoutMs: 1000, url, destination }),
    );
    expect(error.failure).toBe('timeout');
    expect(existsSync(destination)).toBe(false);
    expect(leftovers()).toEqual([]);
  });

  it('leaves nothing behind when the remote does not exist', async () => {
    const url = await validateRepoUrl(daemon.url('missing.git'), policy);
    const destination = join(clones, 'missing');
    expect((await gitFailure(cloneRepository({ ...limits, url, destination }))).failure).toBe(
      'failed',
    );
    expect(existsSync(destination)).toBe(false);
    expect(leftovers()).toEqual([]);
  });

  it('refuses file:// at the git level unless local repositories are allowed', async () => {
    const path = join(served, 'two-branches.git');
    const url = await validateRepoUrl(`file://${path}`, {
      allowLocal: true,
      allowPrivateNetwork: false,
    });
    const denied = await gitFailure(
      cloneRepository({ ...limits, url, destination: join(clones, 'file-denied') }),
    );
    expect(denied.message).toMatch(/not allowed/);
    await cloneRepository({
      ...limits,
      allowFile: true,
      url,
      destination: join(clones, 'file-allowed'),
    });
    expect((await listBranches(join(clones, 'file-allowed'), limits)).length).toBe(2);
  });

  it('refuses an option-injection URL before git runs', async () => {
    const marker = join(root, 'injected');
    for (const input of [
      `--upload-pack=touch${marker}`,
      `-u${marker}`,
      `ssh://-oProxyCommand=touch${marker}/r`,
    ]) {
      await expect(validateRepoUrl(input, policy)).rejects.toMatchObject({ statusCode: 400 });
    }
    expect(existsSync(marker)).toBe(false);
  });

  it('pins git:// to the checked address: a name that resolves nowhere clones and fetches, and fails unpinned', async () => {
    // What validateRepoUrl returns for a name that resolved to (public) 127.0.0.1 at check time.
    const unpinned = parseRepoUrl(`git://pinned.invalid:${daemon.port}/two-branches.git`, policy);
    const url = { ...unpinned, addresses: ['127.0.0.1'] };
    const destination = join(clones, 'pinned');
    await cloneRepository({ ...limits, url, destination });
    expect((await listBranches(destination, limits)).map((branch) => branch.name)).toEqual([
      'feature',
      'main',
    ]);
    expect((await fetchRepository({ ...limits, url, repoDir: destination })).changed).toBe(false);

    const error = await gitFailure(
      cloneRepository({ ...limits, url: unpinned, destination: join(clones, 'unpinned') }),
    );
    expect(error.stderr).toMatch(/unable to look up pinned\.invalid/);
    expect(leftovers()).toEqual([]);
  });

  it('refuses loopback in decimal, octal and IPv4-mapped form without ALLOW_PRIVATE_NETWORK', async () => {
    const strict = { allowLocal: false, allowPrivateNetwork: false };
    for (const host of [String(0x7f000001), '0177.0.0.1', '[::ffff:127.0.0.1]']) {
      await expect(
        validateRepoUrl(`git://${host}:${daemon.port}/two-branches.git`, strict),
      ).rejects.toMatchObject({
        statusCode: 400,
      });
    }
  });
});
