import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { filesPageSchema, repoListResponseSchema } from '@codedocs/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { findJob } from '../../repositories/jobs-repository';
import { listListedCommits } from '../../repositories/repos-repository';
import { startGitDaemon } from '../../test/git-daemon';
import type { GitDaemon } from '../../test/git-daemon';
import { createFixtureRepo } from '../../test/git-fixtures';
import { eventually, FAST_JOB_TIMINGS, waitForTask } from '../../test/jobs';
import { bearer } from '../../test/accounts';
import { createRepoUser, getAs, postConnect } from '../../test/repos';
import { startStallingProxy } from '../../test/stalling-proxy';
import type { StallingProxy } from '../../test/stalling-proxy';
import { createTestApp, testDialects } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';

const dialects = await testDialects();
const serverDir = fileURLToPath(new URL('../../..', import.meta.url));

describe.each(dialects)('a worker killed in the middle of a clone on %s', (dialect) => {
  let root: string | undefined;
  let daemon: GitDaemon | undefined;
  let proxy: StallingProxy | undefined;
  let testApp: TestApp | undefined;
  const children: ChildProcess[] = [];

  afterEach(async () => {
    for (const child of children.splice(0)) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await once(child, 'exit');
      }
    }
    await proxy?.stop();
    await daemon?.stop();
    await testApp?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('is finished by the next worker: one repo, one listing, no duplicate files, no leftovers', async () => {
    root = mkdtempSync(join(tmpdir(), 'codedocs-crash-'));
    createFixtureRepo(root, 'slow', { 'a.ts': 'a\n', 'b/c.py': 'c\n', 'd.md': 'd\n' });
    daemon = await startGitDaemon(root);
    proxy = await startStallingProxy(daemon.port);
    // No workers in the test process: only the child processes run jobs.
    testApp = await createTestApp(dialect, {
      allowPrivateNetwork: true,
      jobWorkers: false,
      jobTimings: FAST_JOB_TIMINGS,
    });
    const { app } = testApp;
    const user = await createRepoUser(app, 'crash@example.com');
    const connected = await postConnect(app, user, {
      external_repo_url: `git://127.0.0.1:${proxy.port}/slow.git`,
    });
    expect(connected.statusCode).toBe(202);
    const { task_id: taskId, repo_id: repoId } = connected.json();
    const reposDir = join(app.config.dataDir, 'repos');
    const siblings = () =>
      readdirSync(reposDir, { withFileTypes: true })
        .map((entry) => entry.name)
        .filter((name) => name.startsWith(`.${repoId}.git.clone-`));

    const startWorker = () => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/test/repo-worker.ts'], {
        cwd: serverDir,
        env: {
          ...process.env,
          DATABASE_URL: app.config.databaseUrl ?? '',
          DATA_DIR: app.config.dataDir,
          APP_SECRET: app.config.appSecret,
          ALLOW_PRIVATE_NETWORK: '1',
          LOG_LEVEL: 'silent',
        },
        stdio: 'ignore',
      });
      children.push(child);
      return child;
    };

    const first = startWorker();
    // The clone has started (its hidden sibling exists) and hangs on the stalled remote.
    await eventually(() => {
      try {
        return proxy!.held() > 0 && siblings().length > 0;
      } catch {
        return false;
      }
    }, 20_000);
    expect(await findJob(app.db, taskId)).toMatchObject({ status: 'running', attempts: 1 });
    first.kill('SIGKILL');
    await once(first, 'exit');
    proxy.release();

    startWorker();
    const task = await waitForTask(app, taskId, user.id, ['succeeded', 'failed'], 30_000);
    expect(task).toMatchObject({ status: 'succeeded', result: { repo_id: repoId } });
    expect(await findJob(app.db, taskId)).toMatchObject({ attempts: 2 });

    const repos = repoListResponseSchema.parse((await getAs(app, user, '/api/v0/repo')).json());
    expect(repos.repos.map((repo) => repo.repo_id)).toEqual([repoId]);
    expect(await listListedCommits(app.db, repoId)).toEqual([repos.repos[0]?.commit_id]);
    const files = filesPageSchema.parse(
      (await getAs(app, user, `/api/v3/repo/files/${repoId}`)).json(),
    );
    expect(files.files.map((file) => file.file_path)).toEqual(['a.ts', 'b/c.py', 'd.md']);
    expect(files.total).toBe(3);
    expect(readdirSync(reposDir).sort()).toEqual([`${repoId}.git`]);
  });

  it('stops a clone the user cancels: git is stopped, no repo, nothing left on disk', async () => {
    root = mkdtempSync(join(tmpdir(), 'codedocs-cancel-'));
    createFixtureRepo(root, 'slow', { 'a.ts': 'a\n' });
    daemon = await startGitDaemon(root);
    proxy = await startStallingProxy(daemon.port);
    testApp = await createTestApp(dialect, {
      allowPrivateNetwork: true,
      jobTimings: FAST_JOB_TIMINGS,
    });
    const { app } = testApp;
    const user = await createRepoUser(app, 'cancel@example.com');
    const connected = await postConnect(app, user, {
      external_repo_url: `git://127.0.0.1:${proxy.port}/slow.git`,
    });
    const { task_id: taskId, repo_id: repoId } = connected.json();
    await eventually(() => proxy!.held() > 0, 20_000);

    const cancelled = await app.inject({
      method: 'DELETE',
      url: `/api/v1/tasks/${taskId}`,
      headers: bearer(user.token),
    });
    expect(cancelled.statusCode).toBe(200);
    const reposDir = join(app.config.dataDir, 'repos');
    // The heartbeat aborts the handler, which kills git; the half-made clone goes with it.
    await eventually(() => readdirSync(reposDir).length === 0, 10_000);
    expect(await waitForTask(app, taskId, user.id)).toMatchObject({
      status: 'failed',
      error: 'Cancelled by the user',
    });
    const repos = repoListResponseSchema.parse((await getAs(app, user, '/api/v0/repo')).json());
    expect(repos.repos.map((repo) => repo.repo_id)).not.toContain(repoId);
  });
});
