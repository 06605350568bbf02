import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase } from '@codedocs/db/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { App } from '../app';
import { gitChildren, processStartTime, runGit } from '../git/index';
import type { GitChildRecord } from '../git/index';
import { startGitDaemon } from '../test/git-daemon';
import type { GitDaemon } from '../test/git-daemon';
import { createFixtureRepo, freePort } from '../test/git-fixtures';
import { eventually, FAST_JOB_TIMINGS } from '../test/jobs';
import { createRepoUser, postConnect } from '../test/repos';
import { startStallingProxy } from '../test/stalling-proxy';
import type { StallingProxy } from '../test/stalling-proxy';
import { testConfig } from '../test/test-app';
import { gitRunDirectory } from './git-children';

/** Live (not zombie) members of process group `pgid`, from /proc. */
function groupMembers(pgid: number): number[] {
  const members: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) === pgid && fields[0] !== 'Z') members.push(Number(name));
    } catch {
      // The process ended while we looked.
    }
  }
  return members;
}

const serverDir = fileURLToPath(new URL('../..', import.meta.url));

const argv0 = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0];

describe('git children never outlive their server', () => {
  let cleanups: (() => Promise<unknown> | unknown)[] = [];

  afterEach(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    cleanups = [];
  });

  /** The real app on a fresh SQLite database; `before` runs once DATA_DIR exists. */
  async function startApp(before?: (dataDir: string) => void): Promise<App> {
    const database = await createTestDatabase('sqlite');
    cleanups.push(() => database.cleanup());
    before?.(database.dataDir);
    const app = await buildApp(
      testConfig(database, { allowPrivateNetwork: true, jobTimings: FAST_JOB_TIMINGS }),
    );
    cleanups.push(() => app.close());
    return app;
  }

  /** A process started in its own group, killed with its group after the test. */
  function spawnGroup(command: string, args: string[]): ChildProcess {
    const child = spawn(command, args, {
      detached: true,
      stdio: 'ignore',
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', GIT_CONFIG_NOSYSTEM: '1', HOME: tmpdir() },
    });
    cleanups.push(() => {
      try {
        process.kill(-(child.pid ?? 0), 'SIGKILL');
      } catch {
        // Gone already.
      }
    });
    return child;
  }

  it('kills every running git (a hanging clone and a git no job knows about) on app.close()', async () => {
    const root = mkdtempSync(join(tmpdir(), 'codedocs-git-children-'));
    cleanups.push(() => rmSync(root, { recursive: true, force: true }));
    createFixtureRepo(root, 'slow', { 'a.ts': 'a\n' });
    const daemon: GitDaemon = await startGitDaemon(root);
    cleanups.push(() => daemon.stop());
    const proxy: StallingProxy = await startStallingProxy(daemon.port);
    cleanups.push(() => proxy.stop());
    const app = await startApp();
    const user = await createRepoUser(app, 'children@example.com');
    const url = `git://127.0.0.1:${proxy.port}/slow.git`;
    expect((await postConnect(app, user, { external_repo_url: url })).statusCode).toBe(202);
    const stray = runGit(['ls-remote', '--', url], { timeoutMs: 120_000 }).then(
      () => 'finished',
      (error: Error) => error.message,
    );
    await eventually(() => proxy.held() >= 2 && gitChildren.pids().length >= 2, 20_000);
    const pgids = gitChildren.pids();
    const runDir = gitRunDirectory(app.config.dataDir);
    expect(readdirSync(runDir).sort()).toEqual(
      pgids.map((pgid) => `git-${process.pid}-${pgid}.json`).sort(),
    );
    for (const pgid of pgids) expect(groupMembers(pgid)).not.toEqual([]);

    await app.close();
    for (const pgid of pgids) await eventually(() => groupMembers(pgid).length === 0, 5_000);
    expect(gitChildren.pids()).toEqual([]);
    expect(readdirSync(runDir)).toEqual([]);
    expect(await stray).toMatch(/^git failed/);
  });

  it('at start, kills the git groups a dead server recorded, and nothing else', async () => {
    // A real git, waiting in a child of its own (as a clone waits on index-pack or ssh).
    const napping = () => spawnGroup('git', ['-c', 'alias.nap=!sleep 300', 'nap']);
    const orphan = napping();
    const reused = napping();
    const ofLiveServer = napping();
    const notGit = spawnGroup('sleep', ['300']);
    const onAnotherMachine = napping();
    const pids = [orphan, reused, ofLiveServer, notGit, onAnotherMachine].map(
      (child) => child.pid ?? 0,
    );
    // git, the shell it runs the alias with, and sleep.
    const isNapping = (pid: number) => groupMembers(pid).length >= (pid === notGit.pid ? 1 : 3);
    await eventually(() => pids.every(isNapping), 5_000);
    expect(argv0(orphan.pid ?? 0)).toBe('git');
    const dead = spawn('true');
    await once(dead, 'exit');
    const deadServer = { serverPid: dead.pid ?? 0, serverStart: 1 };
    const liveServer = { serverPid: process.pid, serverStart: processStartTime(process.pid) };
    const records: [string, GitChildRecord][] = [
      ['orphan', { ...deadServer, pgid: pids[0]!, start: processStartTime(pids[0]!) }],
      // The recorded git ended and its pid now belongs to another process.
      ['reused', { ...deadServer, pgid: pids[1]!, start: (processStartTime(pids[1]!) ?? 0) - 1 }],
      ['live', { ...liveServer, pgid: pids[2]!, start: processStartTime(pids[2]!) }],
      ['not-git', { ...deadServer, pgid: pids[3]!, start: processStartTime(pids[3]!) }],
      // A DATA_DIR shared over the network: that pid is another machine's.
      [
        'other host',
        {
          ...deadServer,
          host: 'another-machine',
          pgid: pids[4]!,
          start: processStartTime(pids[4]!),
        },
      ],
    ];
    let runDir = '';
    await startApp((dataDir) => {
      runDir = gitRunDirectory(dataDir);
      mkdirSync(runDir);
      for (const [, record] of records) {
        const name = `git-${record.serverPid}-${record.pgid}.json`;
        writeFileSync(join(runDir, name), JSON.stringify(record));
      }
    });

    await eventually(() => groupMembers(pids[0]!).length === 0, 5_000);
    for (const pid of pids.slice(1)) expect(isNapping(pid), String(pid)).toBe(true);
    // Records of dead servers are gone; the running server's and the other machine's stay.
    expect(readdirSync(runDir).sort()).toEqual(
      [`git-${process.pid}-${pids[2]}.json`, `git-${dead.pid}-${pids[4]}.json`].sort(),
    );
  });

  it('a server killed with SIGKILL leaves its git running; the next start on DATA_DIR kills it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'codedocs-killed-server-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const proxy = await startStallingProxy(await freePort());
    cleanups.push(() => proxy.stop());
    const server = spawn(process.execPath, ['--import', 'tsx', 'src/test/hanging-git-server.ts'], {
      cwd: serverDir,
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        JOB_WORKERS: '0',
        HANGING_GIT_URL: `git://127.0.0.1:${proxy.port}/r.git`,
      },
    });
    cleanups.push(() => server.kill('SIGKILL'));
    let output = '';
    server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await eventually(() => /git \d+/.test(output) && proxy.held() > 0, 20_000);
    const pgid = Number(/git (\d+)/.exec(output)?.[1]);
    cleanups.push(() => {
      try {
        process.kill(-pgid, 'SIGKILL');
      } catch {
        // Reaped, as it should be.
      }
    });
    server.kill('SIGKILL');
    await once(server, 'exit');
    // Orphaned: nobody will ever stop it but the next server.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(groupMembers(pgid)).not.toEqual([]);
    expect(argv0(pgid)).toBe('git');

    const next = await buildApp(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }));
    cleanups.push(() => next.close());
    await eventually(() => groupMembers(pgid).length === 0, 5_000);
    expect(readdirSync(gitRunDirectory(dataDir))).toEqual([]);
  });
});
