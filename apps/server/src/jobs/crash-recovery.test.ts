import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { findJob, insertJobIfAbsent } from '../repositories/jobs-repository';
import { eventually, FAST_JOB_TIMINGS, insertJobOwner, testJob } from '../test/jobs';
import { waitForTask } from '../test/jobs';
import { createTestApp, testDialects } from '../test/test-app';
import type { TestApp } from '../test/test-app';

const dialects = await testDialects();
const serverDir = fileURLToPath(new URL('../..', import.meta.url));

describe.each(dialects)('a worker process killed mid-job on %s', (dialect) => {
  let testApp: TestApp | undefined;

  afterEach(async () => {
    await testApp?.close();
    testApp = undefined;
  });

  it('leaves the job to be picked up after the heartbeat timeout and finished exactly once', async () => {
    testApp = await createTestApp(dialect, { jobTimings: FAST_JOB_TIMINGS });
    const { app } = testApp;
    await app.ready();
    const userId = await insertJobOwner(app, 'crash@example.com');
    // Written directly: only the child knows the kind until it has been killed.
    await insertJobIfAbsent(app.db, {
      id: 'crash-job',
      user_id: userId,
      kind: 'test.crash',
      payload: '{}',
      max_attempts: 3,
    });

    const child = spawn(process.execPath, ['--import', 'tsx', 'src/test/crashing-worker.ts'], {
      cwd: serverDir,
      env: {
        ...process.env,
        DATABASE_URL: app.config.databaseUrl ?? '',
        DATA_DIR: app.config.dataDir,
        APP_SECRET: app.config.appSecret,
        LOG_LEVEL: 'silent',
      },
      stdio: 'ignore',
    });
    try {
      let job = await findJob(app.db, 'crash-job');
      const poll = setInterval(() => {
        void findJob(app.db, 'crash-job').then((row) => (job = row));
      }, 20);
      await eventually(() => job?.status === 'running' && job.progress_done === 1, 20_000).finally(
        () => clearInterval(poll),
      );
    } finally {
      child.kill('SIGKILL');
      await once(child, 'exit');
    }
    expect(await findJob(app.db, 'crash-job')).toMatchObject({ status: 'running', attempts: 1 });

    let runs = 0;
    app.jobs.registry.register(testJob('test.crash'), async ({ reportProgress }) => {
      runs += 1;
      await reportProgress(2, 2, 'done');
      return { recovered: true };
    });
    const task = await waitForTask(app, 'crash-job', userId);
    expect(task).toMatchObject({ status: 'succeeded', result: { recovered: true } });
    await new Promise((resolve) => setTimeout(resolve, FAST_JOB_TIMINGS.staleAfterMs));
    expect(runs).toBe(1);
    expect(await findJob(app.db, 'crash-job')).toMatchObject({ attempts: 2, status: 'succeeded' });
  });
});
