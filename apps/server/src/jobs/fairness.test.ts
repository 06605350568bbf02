import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase } from '@codedocs/db';
import { afterEach, describe, expect, it } from 'vitest';
import type { App } from '../app';
import type { Config } from '../config';
import { findJob } from '../repositories/jobs-repository';
import { eventually, FAST_JOB_TIMINGS, insertJobOwner, testJob, waitForTask } from '../test/jobs';
import { createImportedRepo, createRepoUser, postConnect } from '../test/repos';
import { createTestApp, testDialects } from '../test/test-app';
import type { TestApp } from '../test/test-app';
import { createJobRuntime } from './job-runtime';

const dialects = await testDialects();

/** A job kind whose runs wait until the test lets them finish, recording what ran at once. */
function gatedKind(app: App, kind: string) {
  const started: string[] = [];
  const gates = new Map<string, () => void>();
  let running = 0;
  let mostAtOnce = 0;
  const release = () => {
    for (const [id, open] of gates) {
      gates.delete(id);
      open();
    }
  };
  app.jobs.registry.register(testJob(kind), async ({ jobId }) => {
    started.push(jobId);
    running += 1;
    mostAtOnce = Math.max(mostAtOnce, running);
    await new Promise<void>((resolve) => gates.set(jobId, resolve));
    running -= 1;
  });
  return {
    started,
    mostAtOnce: () => mostAtOnce,
    /** Lets every run that has started finish. */
    release,
    /** Lets runs finish as they start until `total` have started, then the last one. */
    async finish(total: number) {
      for (let polls = 0; started.length < total; polls += 1) {
        if (polls > 1000) throw new Error(`${started.length} of ${total} runs started`);
        release();
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      release();
    },
  };
}

/**
 * Issue 24.4: one user's queue cannot delay another user's connect by more than one job. A worker
 * claims only jobs of users below JOBS_PER_USER running jobs, and serves the user served least
 * recently first.
 */
describe.each(dialects)('fair job claims on %s', (dialect) => {
  let testApp: TestApp | undefined;
  const cleanups: (() => Promise<void> | void)[] = [];

  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    await testApp?.close();
    testApp = undefined;
  });

  async function start(overrides: Partial<Config>) {
    testApp = await createTestApp(dialect, {
      jobTimings: FAST_JOB_TIMINGS,
      allowLocalRepos: true,
      ...overrides,
    });
    return testApp.app;
  }

  it.each([1, 2])(
    "starts user B's connect after at most one of user A's queued jobs (%i worker(s))",
    async (workers) => {
      const app = await start({ jobConcurrency: workers, jobsPerUser: 1 });
      const heavy = gatedKind(app, 'test.heavy');
      const root = mkdtempSync(join(tmpdir(), 'codedocs-fair-'));
      cleanups.push(() => rmSync(root, { recursive: true, force: true }));
      const bare = createImportedRepo(root, 'small', { 'a.ts': 'export const a = 1;\n' });
      const a = await createRepoUser(app, 'a@example.com');
      const b = await createRepoUser(app, 'b@example.com');
      const queued: string[] = [];
      for (let n = 0; n < 6; n += 1) {
        queued.push((await app.jobs.queue.enqueue('test.heavy', { n }, { userId: a.id })).task_id);
      }
      await eventually(() => heavy.started.length === 1);

      const connect = await postConnect(app, b, { external_repo_url: `file://${bare}` });
      expect(connect.statusCode, connect.body).toBe(202);
      const connectId: string = connect.json().task_id;
      // A's jobs are let finish as they start, until B's connect is claimed (or A's run out)
      while ((await app.jobs.queue.get(connectId, b.id)).status === 'queued') {
        heavy.release();
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect((await waitForTask(app, connectId, b.id)).status).toBe('succeeded');

      const connectStart = (await findJob(app.db, connectId))?.started_at;
      expect(connectStart).toBeTruthy();
      const startsOfA = await Promise.all(
        queued.map(async (id) => (await findJob(app.db, id))?.started_at ?? null),
      );
      const beforeB = startsOfA.filter((at) => at !== null && at <= connectStart!);
      expect(beforeB.length).toBeLessThanOrEqual(1);
      // and A never had more than JOBS_PER_USER running
      await heavy.finish(queued.length);
      expect(heavy.mostAtOnce()).toBe(1);
    },
  );

  it("runs a job a request waits for (a sync) beside the user's own running job", async () => {
    const app = await start({ jobConcurrency: 2, jobsPerUser: 1 });
    const heavy = gatedKind(app, 'test.heavy');
    let awaitedRan = false;
    app.jobs.registry.register({ ...testJob('test.awaited'), awaited: true }, async () => {
      awaitedRan = true;
    });
    const userId = await insertJobOwner(app, 'syncer@example.com');
    await app.ready();
    const first = await app.jobs.queue.enqueue('test.heavy', {}, { userId });
    const second = await app.jobs.queue.enqueue('test.heavy', {}, { userId });
    await eventually(() => heavy.started.length === 1);
    const awaited = await app.jobs.queue.enqueue('test.awaited', {}, { userId });
    expect((await waitForTask(app, awaited.task_id, userId)).status).toBe('succeeded');
    expect(awaitedRan).toBe(true);
    // the user's second background job still waited for the first
    expect(heavy.started).toEqual([first.task_id]);
    await heavy.finish(2);
    expect(heavy.started).toEqual([first.task_id, second.task_id]);
  });

  it('never runs more than JOBS_PER_USER jobs of a user at once, across worker pools', async () => {
    const app = await start({ jobConcurrency: 4, jobsPerUser: 2 });
    const userId = await insertJobOwner(app, 'many@example.com');
    let running = 0;
    let mostAtOnce = 0;
    const kind = testJob('test.counted');
    const handler = async () => {
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20));
      running -= 1;
    };
    app.jobs.registry.register(kind, handler);
    const pools: Promise<void>[] = [];
    if (dialect === 'postgres') {
      // a second process's pool on its own connections, claiming from the same table
      const handle = createDatabase({
        databaseUrl: app.config.databaseUrl,
        dataDir: app.config.dataDir,
      });
      const other = createJobRuntime({
        db: handle.db,
        dialect: handle.dialect,
        config: app.config,
        log: app.log,
        runWorkers: true,
        listen: false,
      });
      other.registry.register(kind, handler);
      cleanups.push(async () => {
        await other.stop();
        await handle.destroy();
      });
      pools.push(other.start());
    }
    const ids: string[] = [];
    for (let n = 0; n < 30; n += 1) {
      ids.push((await app.jobs.queue.enqueue(kind, { n }, { userId })).task_id);
    }
    await Promise.all([app.ready(), ...pools]);
    for (const id of ids) expect((await waitForTask(app, id, userId)).status).toBe('succeeded');
    expect(mostAtOnce).toBeLessThanOrEqual(2);
  });
});
