import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import type { Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fsckMessageId, fsckRefusalMessage } from './fsck-refusal';
import { IGNORED_FSCK_MESSAGES } from './git-environment';
import { GitError } from './git-error';
import type { RemotePin } from './remote-pin';
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

  it('downgrades only the harmless historical fsck messages, and none git cannot demote', async () => {
    const get = async (name: string) =>
      (await runGit(['config', '--default', 'unset', '--get', name], { timeoutMs: 10_000 })).stdout
        .toString()
        .trim();
    for (const id of ['zeroPaddedFilemode', 'badTimezone', 'missingSpaceBeforeDate', 'badDate']) {
      expect(await get(`fetch.fsck.${id}`), id).toBe('ignore');
    }
    for (const id of ['missingEmail', 'badFilemode', 'gitmodulesParse']) {
      expect(await get(`fetch.fsck.${id}`), id).toBe('ignore');
    }
    const dangerous = ['hasDotgit', 'hasDotdot', 'hasDot', 'gitmodulesSymlink', 'gitmodulesUrl'];
    for (const id of [...dangerous, 'gitmodulesPath', 'gitmodulesName', 'gitmodulesUpdate']) {
      expect(await get(`fetch.fsck.${id}`), id).toBe('unset');
    }
    // FATAL ids make git die ("Cannot demote ..."), so listing one would break every clone.
    expect(IGNORED_FSCK_MESSAGES).not.toContain('nulInHeader');
    expect(IGNORED_FSCK_MESSAGES).not.toContain('unterminatedHeader');
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

describe('runGit with a git:// pin (the proxy)', () => {
  let server: Server;
  let port: number;
  let connections = 0;
  let scratch: string;

  beforeAll(async () => {
    scratch = mkdtempSync(join(tmpdir(), 'codedocs-git-pin-'));
    // Accepts and never answers, like a stalled git daemon; counts who got through.
    server = createServer(() => {
      connections += 1;
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });

  afterAll(() => {
    server.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  const pin = (): RemotePin => ({
    protocol: 'git',
    host: 'pinned.invalid',
    port,
    addresses: ['127.0.0.1'],
  });

  it('refuses a host or port the proxy was not pinned for, without connecting anywhere', async () => {
    const before = connections;
    for (const url of [
      `git://other.invalid:${port}/repo.git`,
      `git://pinned.invalid:${port + 1 === 65536 ? 1 : port + 1}/repo.git`,
    ]) {
      const error = await failure(
        runGit(['ls-remote', '--', url], { timeoutMs: 10_000, pin: pin() }),
      );
      expect(error.failure).toBe('failed');
      expect(error.stderr).toContain('not the pinned remote');
    }
    expect(connections).toBe(before);
  });

  it('keeps GIT_ALLOW_PROTOCOL: ext:: is still refused with a pin', async () => {
    const marker = join(scratch, 'ext-pwned');
    await failure(
      runGit(['ls-remote', '--', `ext::sh -c touch% ${marker}`], {
        timeoutMs: 10_000,
        pin: pin(),
      }),
    );
    expect(existsSync(marker)).toBe(false);
  });

  it('kills the proxy with the process group on timeout', async () => {
    let pid = 0;
    let membersWhileRunning: number[] = [];
    const before = connections;
    const error = await failure(
      runGit(['ls-remote', '--', `git://pinned.invalid:${port}/repo.git`], {
        timeoutMs: 1500,
        pin: pin(),
        onSpawn: (spawned) => {
          pid = spawned;
          setTimeout(() => {
            membersWhileRunning = groupMembers(spawned);
          }, 800);
        },
      }),
    );
    expect(error.failure).toBe('timeout');
    // The proxy reached the pinned address although the name resolves nowhere…
    expect(connections).toBe(before + 1);
    // …ran in git's group, and is gone with it.
    expect(membersWhileRunning.length).toBeGreaterThanOrEqual(2);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(groupMembers(pid)).toEqual([]);
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

describe('fsck refusals', () => {
  it("names the first refused object's message id in a sentence", () => {
    const stderr = [
      'warning: object 1111111111111111111111111111111111111111: zeroPaddedFilemode: contains zero-padded file modes',
      "error: object 4a8d15c7018efc56ebe8001fdba820e458a4b9d8: hasDotgit: contains '.git'",
      'fatal: fsck error in packed object',
      'fatal: fetch-pack: invalid index-pack output',
    ].join('\n');
    const id = fsckMessageId(stderr);
    expect(id).toBe('hasDotgit');
    expect(fsckRefusalMessage(id ?? '')).toBe(
      "The repository's history could not be read: a tree contains a path named .git (hasDotgit)",
    );
    expect(fsckRefusalMessage('gitmodulesUrl')).toBe(
      "The repository's history could not be read: a submodule URL in .gitmodules is unsafe (gitmodulesUrl)",
    );
    expect(fsckMessageId('fatal: repository not found')).toBeNull();
  });
});
