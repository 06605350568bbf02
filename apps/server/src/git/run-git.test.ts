import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GitError } from './git-error';
import { runGit } from './run-git';
import { sanitizeGitOutput } from './sanitize';

/** Pids whose process group is `pgid`, from /proc. */
function groupMembers(pgid: number): number[] {
  const members: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // Fields after the command name (which may contain spaces) start after the last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) === pgid && fields[0] !== 'Z') members.push(Number(name));
    } catch {
      // The process ended while we looked.
    }
  }
  return members;
}

async function failure(promise: Promise<unknown>): Promise<GitError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(GitError);
    return error as GitError;
  }
  throw new Error('the git command succeeded');
}

describe('runGit', () => {
  let scratch: string;

  beforeAll(() => {
    scratch = mkdtempSync(join(tmpdir(), 'codedocs-run-git-'));
  });

  afterAll(() => {
    rmSync(scratch, { recursive: true, force: true });
  });

  it('runs git with an environment built from scratch: no system/global config, no prompts, allowed protocols only', async () => {
    const saved = { ...process.env };
    process.env.GIT_DIR = '/nonexistent';
    process.env.SSH_ASKPASS = '/usr/bin/evil';
    process.env.GIT_SSH = '/usr/bin/evil';
    try {
      // A shell alias prints the environment git's own children get.
      const { stdout } = await runGit(['-c', 'alias.env=!env', 'env'], { timeoutMs: 10_000 });
      const env = Object.fromEntries(
        stdout
          .toString()
          .split('\n')
          .filter((line) => line.includes('='))
          .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
      );
      expect(env).toMatchObject({
        GIT_CONFIG_NOSYSTEM: '1',
        GIT_CONFIG_GLOBAL: '/dev/null',
        GIT_TERMINAL_PROMPT: '0',
        GIT_ASKPASS: '/bin/false',
        GIT_ALLOW_PROTOCOL: 'https:ssh:git',
        GIT_LFS_SKIP_SMUDGE: '1',
        GIT_PROTOCOL_FROM_USER: '0',
        LANG: 'C',
      });
      expect(env.GIT_DIR).toBeUndefined();
      expect(env.SSH_ASKPASS).toBeUndefined();
      expect(env.GIT_SSH).toBeUndefined();
      expect(env.HOME).not.toBe(saved.HOME);
      expect(env.GIT_SSH_COMMAND).toContain('-o BatchMode=yes');
    } finally {
      process.env = saved;
    }
  });

  it('passes the hardening options: no hooks, no symlinks, no submodules, fsck, no credential helper', async () => {
    const get = async (name: string) =>
      (await runGit(['config', '--get', name], { timeoutMs: 10_000 })).stdout.toString().trim();
    expect(await get('core.hooksPath')).toBe('/dev/null');
    expect(await get('core.symlinks')).toBe('false');
    expect(await get('core.fsmonitor')).toBe('false');
    expect(await get('submodule.recurse')).toBe('false');
    expect(await get('protocol.file.allow')).toBe('never');
    expect(await get('transfer.fsckObjects')).toBe('true');
    expect(await get('credential.helper')).toBe('');
  });

  it('refuses the ext:: transport (GIT_ALLOW_PROTOCOL) so no command runs', async () => {
    const marker = join(scratch, 'ext-pwned');
    const error = await failure(
      runGit(['ls-remote', '--', `ext::sh -c touch% ${marker}`], { timeoutMs: 10_000 }),
    );
    expect(error.failure).toBe('failed');
    expect(existsSync(marker)).toBe(false);
  });

  it('treats an option-looking URL after -- as a path, so --upload-pack never runs', async () => {
    const marker = join(scratch, 'upload-pack-pwned');
    await failure(
      runGit(['ls-remote', '--', `--upload-pack=touch ${marker}`], { timeoutMs: 10_000 }),
    );
    expect(existsSync(marker)).toBe(false);
  });

  it('kills the whole process group on timeout: no ssh child survives', async () => {
    let pid = 0;
    let membersWhileRunning: number[] = [];
    const started = Date.now();
    const promise = runGit(['ls-remote', '--', 'ssh://git@example.invalid/repo.git'], {
      timeoutMs: 1500,
      // A fake ssh that hangs like a stalled server; git runs it through `sh -c`.
      testEnv: { GIT_SSH_COMMAND: 'sleep 60 #' },
      onSpawn: (spawned) => {
        pid = spawned;
        setTimeout(() => {
          membersWhileRunning = groupMembers(spawned);
        }, 800);
      },
    });
    const error = await failure(promise);
    expect(error.failure).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(10_000);
    // git and at least its ssh stand-in were in the group…
    expect(membersWhileRunning.length).toBeGreaterThanOrEqual(2);
    // …and none of them is left.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(groupMembers(pid)).toEqual([]);
  });

  it('kills the process group when the job is cancelled', async () => {
    const controller = new AbortController();
    let pid = 0;
    const promise = runGit(['ls-remote', '--', 'ssh://git@example.invalid/repo.git'], {
      timeoutMs: 60_000,
      signal: controller.signal,
      testEnv: { GIT_SSH_COMMAND: 'sleep 60 #' },
      onSpawn: (spawned) => {
        pid = spawned;
        setTimeout(() => controller.abort(), 300);
      },
    });
    expect((await failure(promise)).failure).toBe('aborted');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(groupMembers(pid)).toEqual([]);
  });

  it('stops a command whose output passes the cap', async () => {
    const error = await failure(runGit(['help', '-a'], { timeoutMs: 10_000, maxOutputBytes: 100 }));
    expect(error.failure).toBe('output_too_large');
  });

  it('never shows credentials from a URL in errors', async () => {
    const error = await failure(
      runGit(['ls-remote', '--', 'https://alice:s3cr3t-token@127.0.0.1:1/org/repo.git'], {
        timeoutMs: 10_000,
      }),
    );
    expect(`${error.message}\n${error.stderr}`).not.toMatch(/s3cr3t|alice/);
  });
});

describe('sanitizeGitOutput', () => {
  it('removes userinfo, authorization values and token shapes', () => {
    const text = [
      "fatal: unable to access 'https://bob:hunter2@example.com/r.git/'",
      'Authorization: Bearer abc.def.ghi',
      'token ghp_0123456789abcdefghijABCDEFGHIJ0123 leaked',
      'https://x-access-token:zzz@github.com/o/r',
      'glpat-abcdefghijklmnopqrstu',
      '\u001b[31mred\u001b[0m',
    ].join('\n');
    const clean = sanitizeGitOutput(text);
    expect(clean).not.toMatch(/hunter2|bob|abc\.def|ghp_|zzz|glpat-/);
    expect(clean.includes('\u001b')).toBe(false);
    expect(clean).toContain('https://***@example.com/r.git/');
  });
});
