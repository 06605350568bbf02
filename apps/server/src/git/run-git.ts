import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fsckMessageId, fsckRefusalMessage } from './fsck-refusal';
import { gitChildren, killGroup } from './git-children';
import { GitError } from './git-error';
import { gitConfigArgs, gitEnvironment } from './git-environment';
import { gitProxyEnvironment, writeGitProxy } from './git-proxy';
import type { RemotePin } from './remote-pin';
import { sanitizeGitOutput } from './sanitize';
import { sshCommand, writeKeyFile } from './ssh-transport';
import type { SshKeyMaterial } from './ssh-transport';

export interface RunGitOptions {
  /** Working directory; a temporary empty folder when unset. */
  cwd?: string;
  /** Kill the whole process group after this long. */
  timeoutMs: number;
  /** stdout + stderr bytes after which the command is killed (default 64 MiB). */
  maxOutputBytes?: number;
  /** Aborting kills the process group too. */
  signal?: AbortSignal;
  /** file:// allowed (ALLOW_LOCAL_REPOS=1). */
  allowFile?: boolean;
  /** The key for ssh remotes; written 0600 only while the command runs. */
  sshKey?: SshKeyMaterial;
  /** The per-user known_hosts (see `knownHostsPath`); /dev/null-like throwaway when unset. */
  knownHostsFile?: string;
  /** Makes ssh and git:// connect to the checked addresses only (see `remotePin`). */
  pin?: RemotePin;
  /** Called with the pid (= process group id) once git started; for watchdogs and tests. */
  onSpawn?: (pid: number) => void;
  /** Bytes written to git's standard input (closed after them); none when unset. */
  input?: Buffer;
  /** Extra environment, applied last. For tests only (e.g. a fake GIT_SSH_COMMAND). */
  testEnv?: Record<string, string>;
}

export interface GitResult {
  stdout: Buffer;
  /** Sanitised. */
  stderr: string;
}

const DEFAULT_MAX_OUTPUT = 64 * 1024 * 1024;
const STDERR_KEEP = 16 * 1024;

export { killGroup };

/** The error for a non-zero exit, recognising ssh's host-key refusals. */
function exitError(code: number | null, stderr: string): GitError {
  if (/REMOTE HOST IDENTIFICATION HAS CHANGED/i.test(stderr)) {
    return new GitError(
      'host_key_changed',
      'The ssh host key of this server has changed since it was first recorded; refusing to connect',
      { exitCode: code, stderr },
    );
  }
  if (/Host key verification failed/i.test(stderr)) {
    return new GitError('host_key_unverified', 'The ssh host key could not be verified', {
      exitCode: code,
      stderr,
    });
  }
  // Refused objects are named before git's last line, which only says index-pack failed.
  const fsckId = fsckMessageId(stderr);
  if (fsckId !== null) {
    return new GitError('fsck_refused', fsckRefusalMessage(fsckId), { exitCode: code, stderr });
  }
  const lastLine = stderr.trim().split('\n').filter(Boolean).slice(-1)[0] ?? '';
  return new GitError(
    'failed',
    `git failed${lastLine ? `: ${lastLine}` : ` with exit code ${code}`}`,
    {
      exitCode: code,
      stderr,
    },
  );
}

/**
 * Runs the system `git` with the locked-down environment and options of DESIGN.md section 8.
 * The process gets its own process group (`detached`), and a timeout, an abort or too much output
 * SIGKILLs the whole group, so no ssh or helper child outlives it. URLs in `args` must come after
 * `--` (callers in this folder do that). Resolves with the output, or rejects with a GitError.
 */
export async function runGit(args: string[], options: RunGitOptions): Promise<GitResult> {
  const sessionDir = await mkdtemp(join(tmpdir(), 'codedocs-git-'));
  try {
    const home = join(sessionDir, 'home');
    await mkdir(home, { mode: 0o700 });
    const keyFile = options.sshKey ? writeKeyFile(sessionDir, options.sshKey) : null;
    const allowFile = options.allowFile ?? false;
    const pin = options.pin;
    const env = {
      ...gitEnvironment({
        home,
        allowFile,
        sshCommand: sshCommand({
          keyFile,
          knownHostsFile: options.knownHostsFile ?? join(sessionDir, 'known_hosts'),
          connectTimeoutSeconds: Math.min(30, options.timeoutMs / 1000),
          ...(pin?.protocol === 'ssh' && { pin }),
        }),
      }),
      ...(pin?.protocol === 'git' && gitProxyEnvironment(pin, writeGitProxy(sessionDir))),
      ...options.testEnv,
    };
    return await spawnGit(
      [...gitConfigArgs(allowFile), ...args],
      options.cwd ?? home,
      env,
      options,
    );
  } finally {
    await rm(sessionDir, { recursive: true, force: true });
  }
}

function spawnGit(
  args: string[],
  cwd: string,
  env: Record<string, string>,
  options: RunGitOptions,
): Promise<GitResult> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new GitError('aborted', 'The git command was cancelled'));
      return;
    }
    const child = spawn('git', args, {
      cwd,
      env,
      detached: true,
      stdio: [options.input ? 'pipe' : 'ignore', 'pipe', 'pipe'],
    });
    // git may exit before reading everything (a bad object id); that EPIPE is its exit's story.
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(options.input);
    const pid = child.pid;
    const stdout: Buffer[] = [];
    let stderr = '';
    let total = 0;
    let failure: GitError | null = null;
    const maxOutput = options.maxOutputBytes ?? DEFAULT_MAX_OUTPUT;

    const stop = (error: GitError) => {
      failure ??= error;
      if (pid !== undefined) killGroup(pid);
    };
    const timer = setTimeout(
      () =>
        stop(
          new GitError('timeout', `git timed out after ${Math.round(options.timeoutMs / 1000)} s`),
        ),
      options.timeoutMs,
    );
    const onAbort = () => stop(new GitError('aborted', 'The git command was cancelled'));
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const count = (chunk: Buffer) => {
      total += chunk.length;
      if (total > maxOutput) stop(new GitError('output_too_large', 'git produced too much output'));
    };
    child.stdout?.on('data', (chunk: Buffer) => {
      count(chunk);
      if (!failure) stdout.push(chunk);
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      count(chunk);
      stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_KEEP);
    });
    if (pid !== undefined) {
      gitChildren.track(pid);
      options.onSpawn?.(pid);
    }

    child.on('error', (error) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      reject(new GitError('spawn_failed', `git could not be started: ${error.message}`));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      // Anything git left behind in its group goes with it.
      if (pid !== undefined) {
        killGroup(pid);
        gitChildren.untrack(pid);
      }
      const clean = sanitizeGitOutput(stderr);
      if (failure) reject(new GitError(failure.failure, failure.message, { stderr: clean }));
      else if (code !== 0) reject(exitError(code, clean));
      else resolve({ stdout: Buffer.concat(stdout), stderr: clean });
    });
  });
}
