import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { createDatabase } from '@codedocs/db';
import type { Task } from '@codedocs/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { findJob } from '../repositories/jobs-repository';
import { eventually, FAST_JOB_TIMINGS, insertJobOwner, testJob } from '../test/jobs';
import { createTestApp, testDialects } from '../test/test-app';
import type { TestApp } from '../test/test-app';
import { purgeExpiredJob } from './definitions/index';
import { createJobRuntime } from './job-runtime';
import type { JobRuntime } from './job-runtime';

const dialects = await testDialects();
const serverDir = fileURLToPath(new URL('../..', import.meta.url));

describe.runIf(dialects.includes('postgres'))(
  'the job queue shared by processes on postgres',
  () => {
    let testApp: TestApp | undefined;
    const cleanups: (() => Promise<void>)[] = [];

    afterEach(async () => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
      await testApp?.close();
      testApp = undefined;
    });

    /** A second worker pool on its own connection pool, as another process would have. */
    function secondRuntime(app: TestApp['app']): JobRuntime {
      const handle = createDatabase({
        databaseUrl: app.config.databaseUrl,
        dataDir: app.config.dataDir,
      });
      const runtime = createJobRuntime({
        db: handle.db,
        dialect: handle.dialect,
        config: { ...app.config, jobConcurrency: 4 },
        log: app.log,
        runWorkers: true,
        listen: false,
      });
      cleanups.push(async () => {
        await runtime.stop();
        await handle.destroy();
      });
      return runtime;
    }

    it('never runs a job twice when two worker pools claim from the same table', async () => {
      testApp = await createTestApp('postgres', {
        jobTimings: FAST_JOB_TIMINGS,
        jobConcurrency: 4,
        // one user's jobs, claimed side by side (the per-user limit is fairness.test.ts's)
        jobsPerUser: 64,
      });
      const { app } = testApp;
      const userId = await insertJobOwner(app, 'many@example.com');
      const runs = new Map<string, number>();
      const runners = new Map<string, Set<string>>();
      const kind = testJob('test.count');
      const handler =
        (runner: string) =>
        async ({ jobId }: { jobId: string }) => {
          runs.set(jobId, (runs.get(jobId) ?? 0) + 1);
          runners.set(runner, (runners.get(runner) ?? new Set()).add(jobId));
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 10));
        };
      app.jobs.registry.register(kind, handler('api'));
      const other = secondRuntime(app);
      other.registry.register(kind, handler('worker'));

      const ids: string[] = [];
      for (let i = 0; i < 80; i += 1) {
        ids.push((await app.jobs.queue.enqueue(kind, { n: i }, { userId })).task_id);
      }
      await Promise.all([app.ready(), other.start()]);
      await eventually(() => runs.size === ids.length, 20_000);
      await new Promise((resolve) => setTimeout(resolve, 300));

      expect([...runs.values()].every((count) => count === 1)).toBe(true);
      expect(runs.size).toBe(80);
      // Both pools took part.
      expect(runners.get('api')?.size).toBeGreaterThan(0);
      expect(runners.get('worker')?.size).toBeGreaterThan(0);
      for (const id of ids) expect((await findJob(app.db, id))?.status).toBe('succeeded');
    });

    it('delivers task events from a separate `worker` process to the API process', async () => {
      testApp = await createTestApp('postgres', {
        jobTimings: FAST_JOB_TIMINGS,
        jobWorkers: false,
      });
      const { app } = testApp;
      await app.ready();
      const userId = await insertJobOwner(app, 'remote@example.com');
      const seen: Task[] = [];
      app.jobs.events.subscribe(userId, (task) => seen.push(task));

      const child = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
        cwd: serverDir,
        env: {
          ...process.env,
          DATABASE_URL: app.config.databaseUrl,
          DATA_DIR: app.config.dataDir,
          APP_SECRET: app.config.appSecret,
          LOG_LEVEL: 'silent',
          JOB_CONCURRENCY: '1',
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      cleanups.push(async () => {
        if (child.exitCode === null) {
          child.kill('SIGKILL');
          await once(child, 'exit');
        }
      });

      // The real application kind, owned by a user so its events have somewhere to go.
      const { task_id } = await app.jobs.queue.enqueue(purgeExpiredJob, {}, { userId });
      await eventually(
        () => seen.some((task) => task.task_id === task_id && task.status === 'succeeded'),
        20_000,
      ).catch((error: unknown) => {
        throw new Error(`${String(error)}; worker said: ${stderr}`);
      });
      const mine = seen.filter((task) => task.task_id === task_id);
      expect(mine.map((task) => task.status)).toEqual(
        expect.arrayContaining(['queued', 'running', 'succeeded']),
      );
      // Every step of the purge reported, whatever their number.
      const last = mine.at(-1);
      expect(last?.progress.total).toBeGreaterThan(0);
      expect(last?.progress.done).toBe(last?.progress.total);

      child.kill('SIGTERM');
      const [code] = await once(child, 'exit');
      expect(code).toBe(0);
    });
  },
);
