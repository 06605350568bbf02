import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { directorySize, watchDirectorySize } from './directory-size';
import { GitError } from './git-error';
import { remotePin } from './remote-pin';
import type { RepoUrl } from './repo-url';
import { killGroup, runGit } from './run-git';
import type { RunGitOptions } from './run-git';
import { recordedHostKeys } from './ssh-transport';
import type { SshKeyMaterial } from './ssh-transport';

/**
 * Clones and fetches as **bare** repositories: nothing is ever checked out, so no file of the
 * remote (symlink, .gitattributes filter, hook, submodule) is materialised on disk. Files are
 * read from the object store with `listTree` / `readBlob`; a symlink is just a blob holding its
 * target's name and is never followed.
 */

/** What clone and fetch share: limits and the ssh identity. */
export interface GitTransferOptions {
  /** A URL that passed `validateRepoUrl` (its `display` form is what git gets). */
  url: RepoUrl;
  timeoutMs: number;
  /** Largest size on disk of the repository (GIT_MAX_REPO_BYTES). */
  maxRepoBytes: number;
  allowFile: boolean;
  sshKey?: SshKeyMaterial;
  knownHostsFile?: string;
  signal?: AbortSignal;
  /** For tests: see RunGitOptions. */
  testEnv?: Record<string, string>;
  onSpawn?: (pid: number) => void;
}

export interface TransferResult {
  /** For ssh remotes: the host key fingerprints recorded for the host (first use records them). */
  hostKeyFingerprints: string[];
}

/** A ref name safe to hand to git: no option look-alikes, no `..`, nothing git would refuse. */
export function isSafeBranchName(name: string): boolean {
  return (
    /^[A-Za-z0-9_][A-Za-z0-9._/-]*$/.test(name) &&
    !name.includes('..') &&
    !name.includes('//') &&
    !name.endsWith('/') &&
    !name.endsWith('.') &&
    !name.endsWith('.lock') &&
    name.length <= 255
  );
}

function requireSafeBranch(name: string): void {
  if (!isSafeBranchName(name)) throw new GitError('failed', 'Invalid branch name');
}

/** Pins https connections to the addresses that were checked (no DNS rebinding in between). */
function pinArgs(url: RepoUrl): string[] {
  if (url.protocol !== 'https' || url.addresses.length === 0) return [];
  const port = url.port ?? 443;
  const host = url.host.includes(':') ? `[${url.host}]` : url.host;
  const addresses = url.addresses.map((address) =>
    address.includes(':') ? `[${address}]` : address,
  );
  return ['-c', `http.curloptResolve=${host}:${port}:${addresses.join(',')}`];
}

function runOptions(options: GitTransferOptions, onSpawn: (pid: number) => void): RunGitOptions {
  const pin = remotePin(options.url);
  return {
    timeoutMs: options.timeoutMs,
    allowFile: options.allowFile,
    onSpawn,
    ...(options.sshKey && { sshKey: options.sshKey }),
    ...(options.knownHostsFile && { knownHostsFile: options.knownHostsFile }),
    ...(pin && { pin }),
    ...(options.signal && { signal: options.signal }),
    ...(options.testEnv && { testEnv: options.testEnv }),
  };
}

/**
 * Runs a transfer while watching `dir`: past `maxRepoBytes` the git process group is killed and
 * the command fails with `repo_too_large`.
 */
async function transferWithSizeCap(
  dir: string,
  args: string[],
  options: GitTransferOptions,
  cwd?: string,
): Promise<void> {
  let pid: number | undefined;
  let exceeded = false;
  const stopWatching = watchDirectorySize(dir, options.maxRepoBytes, () => {
    exceeded = true;
    if (pid !== undefined) killGroup(pid);
  });
  try {
    await runGit(args, {
      ...runOptions(options, (spawned) => {
        pid = spawned;
        options.onSpawn?.(spawned);
      }),
      ...(cwd && { cwd }),
    });
  } catch (error) {
    if (error instanceof GitError && error.failure === 'host_key_changed')
      throw withRecordedKey(error, options);
    if (exceeded) {
      throw new GitError(
        'repo_too_large',
        `The repository is larger than the limit of ${options.maxRepoBytes} bytes`,
      );
    }
    throw error;
  } finally {
    stopWatching();
  }
  // A transfer faster than one poll is measured once more at the end.
  if (exceeded || (await directorySize(dir)) > options.maxRepoBytes) {
    throw new GitError(
      'repo_too_large',
      `The repository is larger than the limit of ${options.maxRepoBytes} bytes`,
    );
  }
}

/** Names the fingerprint that was trusted, so the user can compare it with the server's. */
function withRecordedKey(error: GitError, options: GitTransferOptions): GitError {
  const recorded = hostKeys(options).hostKeyFingerprints;
  if (recorded.length === 0) return error;
  return new GitError(error.failure, `${error.message} (recorded: ${recorded.join(', ')})`, {
    exitCode: error.exitCode,
    stderr: error.stderr,
  });
}

function hostKeys(options: GitTransferOptions): TransferResult {
  if (options.url.protocol !== 'ssh' || !options.knownHostsFile) return { hostKeyFingerprints: [] };
  return {
    hostKeyFingerprints: recordedHostKeys(
      options.knownHostsFile,
      options.url.host,
      options.url.port,
    ),
  };
}

export interface CloneOptions extends GitTransferOptions {
  /** Where the bare repository ends up; must not exist yet. Its parent is created. */
  destination: string;
  /** Branch to make HEAD (default: the remote's HEAD). All branches are fetched either way. */
  branch?: string;
}

/**
 * Clones `url` as a bare repository into `destination`. The clone is made in a hidden sibling
 * folder and renamed into place only when complete, so a failure, timeout, size overrun or crash
 * leaves nothing at `destination` (and the sibling is removed on failure).
 */
export async function cloneRepository(options: CloneOptions): Promise<TransferResult> {
  if (existsSync(options.destination)) {
    throw new GitError('failed', 'The clone destination already exists');
  }
  if (options.branch !== undefined) requireSafeBranch(options.branch);
  const parent = dirname(options.destination);
  // Clones are readable by the server's user only (git itself follows the umask).
  await mkdir(parent, { recursive: true, mode: 0o700 });
  const temp = join(
    parent,
    `.${basename(options.destination)}.clone-${randomBytes(6).toString('hex')}`,
  );
  const args = [
    ...pinArgs(options.url),
    'clone',
    '--bare',
    '--template=',
    '--no-recurse-submodules',
    '--quiet',
    ...(options.branch !== undefined ? ['--branch', options.branch] : []),
    '--',
    options.url.display,
    temp,
  ];
  try {
    await transferWithSizeCap(temp, args, options);
    await chmod(temp, 0o700);
    await rename(temp, options.destination);
  } catch (error) {
    await rm(temp, { recursive: true, force: true });
    throw error;
  }
  return hostKeys(options);
}

export interface FetchOptions extends GitTransferOptions {
  /** The bare repository made by `cloneRepository`. */
  repoDir: string;
}

export interface FetchResult extends TransferResult {
  /** False when no branch moved, appeared or disappeared (the sync answers 304). */
  changed: boolean;
}

async function removeTemporaryPacks(repoDir: string): Promise<void> {
  const packDir = join(repoDir, 'objects', 'pack');
  const names = await readdir(packDir).catch(() => [] as string[]);
  await Promise.all(
    names
      .filter((name) => name.startsWith('tmp_'))
      .map((name) => rm(join(packDir, name), { recursive: true, force: true })),
  );
}

/** Fetches every branch of `url` into the bare repository, pruning deleted ones. */
export async function fetchRepository(options: FetchOptions): Promise<FetchResult> {
  const before = await listBranches(options.repoDir, options);
  const args = [
    ...pinArgs(options.url),
    'fetch',
    '--prune',
    '--no-tags',
    '--no-recurse-submodules',
    '--quiet',
    '--',
    options.url.display,
    '+refs/heads/*:refs/heads/*',
  ];
  try {
    await transferWithSizeCap(options.repoDir, args, options, options.repoDir);
  } finally {
    // A killed fetch leaves half-received packs behind.
    await removeTemporaryPacks(options.repoDir);
  }
  const after = await listBranches(options.repoDir, options);
  const key = (branches: Branch[]) => branches.map((b) => `${b.name} ${b.commit}`).join('\n');
  return { ...hostKeys(options), changed: key(before) !== key(after) };
}

/** Options of the local (no network) reads. */
export interface LocalGitOptions {
  timeoutMs: number;
  signal?: AbortSignal;
}

export interface Branch {
  name: string;
  commit: string;
}

const local = (options: LocalGitOptions, repoDir: string): RunGitOptions => ({
  cwd: repoDir,
  timeoutMs: options.timeoutMs,
  ...(options.signal && { signal: options.signal }),
});

/** The branches of a bare repository with their commits, sorted by name. */
export async function listBranches(repoDir: string, options: LocalGitOptions): Promise<Branch[]> {
  const { stdout } = await runGit(
    ['for-each-ref', '--format=%(refname:short)%00%(objectname)', 'refs/heads/'],
    local(options, repoDir),
  );
  return stdout
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [name = '', commit = ''] = line.split('\0');
      return { name, commit };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The branch HEAD points at (the default branch after a clone), or null when detached/unborn. */
export async function defaultBranch(
  repoDir: string,
  options: LocalGitOptions,
): Promise<string | null> {
  try {
    const { stdout } = await runGit(
      ['symbolic-ref', '--short', '-q', 'HEAD'],
      local(options, repoDir),
    );
    return stdout.toString('utf8').trim() || null;
  } catch {
    return null;
  }
}

/** The commit id of a branch (HEAD when `branch` is unset); throws GitError when it is unknown. */
export async function resolveHead(
  repoDir: string,
  options: LocalGitOptions & { branch?: string },
): Promise<string> {
  const ref = options.branch === undefined ? 'HEAD' : `refs/heads/${options.branch}`;
  if (options.branch !== undefined) requireSafeBranch(options.branch);
  const { stdout } = await runGit(
    ['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`],
    local(options, repoDir),
  ).catch(() => {
    throw new GitError('failed', `Unknown branch ${options.branch ?? 'HEAD'}`);
  });
  return stdout.toString('utf8').trim();
}

/** One entry of a commit's tree. `symlink` entries are link targets as text, never followed. */
export interface TreeEntry {
  path: string;
  /** Git file mode: 100644, 100755, 120000 (symlink), 160000 (submodule). */
  mode: string;
  kind: 'file' | 'symlink' | 'submodule';
  blobSha: string;
  /** Bytes; 0 for submodules. */
  size: number;
}

/** Every file of a commit (`git ls-tree -r -l -z`), read from the object store. */
export async function listTree(
  repoDir: string,
  commit: string,
  options: LocalGitOptions,
): Promise<TreeEntry[]> {
  if (!/^[0-9a-f]{40,64}$/.test(commit)) throw new GitError('failed', 'Invalid commit id');
  const { stdout } = await runGit(['ls-tree', '-r', '-l', '-z', '--full-tree', commit], {
    ...local(options, repoDir),
    maxOutputBytes: 512 * 1024 * 1024,
  });
  const entries: TreeEntry[] = [];
  for (const record of stdout.toString('utf8').split('\0')) {
    if (!record) continue;
    const tab = record.indexOf('\t');
    const [mode = '', , sha = '', size = '0'] = record.slice(0, tab).split(/\s+/);
    const kind = mode === '120000' ? 'symlink' : mode === '160000' ? 'submodule' : 'file';
    entries.push({
      path: record.slice(tab + 1),
      mode,
      kind,
      blobSha: sha,
      size: Number(size) || 0,
    });
  }
  return entries;
}

/**
 * The paths whose entry differs between two commits (added, deleted, modified or changed type;
 * renames count as a delete plus an add), from `git diff-tree -r --no-renames`. Lets a sync
 * re-list only what a new commit changed.
 */
export async function changedPaths(
  repoDir: string,
  fromCommit: string,
  toCommit: string,
  options: LocalGitOptions,
): Promise<string[]> {
  for (const commit of [fromCommit, toCommit]) {
    if (!/^[0-9a-f]{40,64}$/.test(commit)) throw new GitError('failed', 'Invalid commit id');
  }
  const { stdout } = await runGit(
    [
      'diff-tree',
      '-r',
      '-z',
      '--no-renames',
      '--no-commit-id',
      '--name-only',
      fromCommit,
      toCommit,
    ],
    { ...local(options, repoDir), maxOutputBytes: 512 * 1024 * 1024 },
  );
  return stdout.toString('utf8').split('\0').filter(Boolean);
}

const MAX_BLOB_READ = 32 * 1024 * 1024;

/** The bytes of a blob, at most `maxBytes` of them (`truncated` says when there was more). */
export async function readBlob(
  repoDir: string,
  blobSha: string,
  options: LocalGitOptions & { maxBytes: number },
): Promise<{ content: Buffer; size: number; truncated: boolean }> {
  if (!/^[0-9a-f]{40,64}$/.test(blobSha)) throw new GitError('failed', 'Invalid blob id');
  const sizeOut = await runGit(['cat-file', '-s', blobSha], local(options, repoDir));
  const size = Number(sizeOut.stdout.toString('utf8').trim());
  // Larger blobs are not worth holding in memory to show a prefix of.
  if (size > MAX_BLOB_READ) return { content: Buffer.alloc(0), size, truncated: true };
  const { stdout } = await runGit(['cat-file', 'blob', blobSha], {
    ...local(options, repoDir),
    maxOutputBytes: size + 1024,
  });
  return {
    content: stdout.subarray(0, options.maxBytes),
    size,
    truncated: size > options.maxBytes,
  };
}

/** Blobs read per `git cat-file --batch` call: bounds memory to a batch, not the repository. */
const BLOB_BATCH = 256;

/**
 * The bytes of many blobs through `git cat-file --batch`, a batch of BLOB_BATCH ids per git
 * process, yielded in the order asked. Blobs over `maxBytes` come back empty with their size
 * (`skipped`), so one huge generated file cannot fill memory.
 */
export async function* readBlobs(
  repoDir: string,
  blobShas: readonly string[],
  options: LocalGitOptions & { maxBytes: number },
): AsyncGenerator<{ blobSha: string; content: Buffer; size: number; skipped: boolean }> {
  for (const sha of blobShas) {
    if (!/^[0-9a-f]{40,64}$/.test(sha)) throw new GitError('failed', 'Invalid blob id');
  }
  for (let start = 0; start < blobShas.length; start += BLOB_BATCH) {
    const batch = blobShas.slice(start, start + BLOB_BATCH);
    const sizes = await runGit(['cat-file', '--batch-check'], {
      ...local(options, repoDir),
      input: Buffer.from(batch.join('\n') + '\n'),
    });
    const sizeLines = sizes.stdout.toString('utf8').split('\n');
    const wanted: string[] = [];
    const sizeOf = new Map<string, number>();
    batch.forEach((sha, i) => {
      const size = Number(sizeLines[i]?.split(' ')[2] ?? NaN);
      if (!Number.isFinite(size)) throw new GitError('failed', `Missing blob ${sha}`);
      sizeOf.set(sha, size);
      if (size <= options.maxBytes) wanted.push(sha);
    });
    const total = wanted.reduce((sum, sha) => sum + (sizeOf.get(sha) ?? 0) + 100, 0);
    const { stdout } = wanted.length
      ? await runGit(['cat-file', '--batch'], {
          ...local(options, repoDir),
          input: Buffer.from(wanted.join('\n') + '\n'),
          maxOutputBytes: total + 1024,
        })
      : { stdout: Buffer.alloc(0) };
    const contents = new Map<string, Buffer>();
    let at = 0;
    for (const sha of wanted) {
      const eol = stdout.indexOf(10, at);
      const size = Number(stdout.subarray(at, eol).toString('utf8').split(' ')[2]);
      contents.set(sha, stdout.subarray(eol + 1, eol + 1 + size));
      at = eol + 1 + size + 1;
    }
    for (const sha of batch) {
      const content = contents.get(sha);
      yield {
        blobSha: sha,
        content: content ?? Buffer.alloc(0),
        size: sizeOf.get(sha) ?? 0,
        skipped: content === undefined,
      };
    }
  }
}
