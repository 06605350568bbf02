import { afterEach, describe, expect, it } from 'vitest';
import { claimNextJob, findJob } from '../repositories/jobs-repository';
import { nowIso } from '../services/context';
import {
  FAST_JOB_TIMINGS,
  insertJobOwner,
  progressJob,
  registerProgressJob,
  testJob,
  waitForTask,
} from '../test/jobs';
import { createTestApp, testDialects } from '../test/test-app';
import type { TestApp } from '../test/test-app';
import { PermanentJobError } from './job-definition';

const dialects = await testDialects();

describe.each(dialects)('durable background jobs on %s', (dialect) => {
  let testApp: TestApp | undefined;

  afterEach(async () => {
    await testApp?.close();
    testApp = undefined;
  });

  /** A fresh app with fast queue clocks and a signed-in user; not yet ready. */
  async function start() {
    testApp = await createTestApp(dialect, { jobTimings: FAST_JOB_TIMINGS });
    const userId = await insertJobOwner(testApp.app, 'jobs@example.com');
    return { app: testApp.app, userId };
  }

  it('runs a queued job to success, recording progress and its result', async () => {
    const { app, userId } = await start();
    registerProgressJob(app.jobs.registry, 1);
    await app.ready();
    const queued = await app.jobs.queue.enqueue(progressJob, {}, { userId });
    expect(queued).toMatchObject({ status: 'queued', kind: 'test.progress', error: null });

    const task = await waitForTask(app, queued.task_id, userId);
    expect(task).toEqual({
      task_id: queued.task_id,
      kind: 'test.progress',
      status: 'succeeded',
      progress: { done: 3, total: 3 },
      message: 'Step 3 of 3',
      error: null,
      result: { ok: true },
      // The payload names nothing a client may see.
      subject: null,
    });
  });

  it('retries a failing job with growing delays, then fails it with the message only', async () => {
    const { app, userId } = await start();
    const attempts: number[] = [];
    app.jobs.registry.register(testJob('test.always-fails'), async () => {
      attempts.push(Date.now());
      throw new Error('remote hung up\n    at secretFrame (file.ts:1:1)');
    });
    await app.ready();
    const { task_id } = await app.jobs.queue.enqueue('test.always-fails', {}, { userId });

    const task = await waitForTask(app, task_id, userId);
    expect(task.status).toBe('failed');
    // One line, whitespace collapsed: the message as thrown, never a captured stack.
    expect(task.error).toBe('remote hung up at secretFrame (file.ts:1:1)');
    expect(attempts).toHaveLength(3);
    // Backoff 40 ms then 80 ms, each with at most 20 % jitter.
    expect(attempts[1]! - attempts[0]!).toBeGreaterThanOrEqual(30);
    expect(attempts[2]! - attempts[1]!).toBeGreaterThanOrEqual(60);
    expect((await findJob(app.db, task_id))?.attempts).toBe(3);
  });

  it('succeeds on a later attempt, and a permanent error is not retried', async () => {
    const { app, userId } = await start();
    let calls = 0;
    app.jobs.registry.register(testJob('test.flaky'), async () => {
      calls += 1;
      if (calls < 3) throw new Error('try again');
      return { calls };
    });
    let permanentCalls = 0;
    app.jobs.registry.register(testJob('test.permanent'), async () => {
      permanentCalls += 1;
      throw new PermanentJobError('That URL is not allowed');
    });
    await app.ready();
    const flaky = await app.jobs.queue.enqueue('test.flaky', {}, { userId });
    const permanent = await app.jobs.queue.enqueue('test.permanent', {}, { userId });

    expect(await waitForTask(app, flaky.task_id, userId)).toMatchObject({
      status: 'succeeded',
      result: { calls: 3 },
      error: null,
    });
    expect(await waitForTask(app, permanent.task_id, userId)).toMatchObject({
      status: 'failed',
      error: 'That URL is not allowed',
    });
    expect(permanentCalls).toBe(1);
  });

  it('treats the same task id as the same task, and refuses it to another user', async () => {
    const { app, userId } = await start();
    const otherId = await insertJobOwner(app, 'other@example.com');
    let runs = 0;
    app.jobs.registry.register(testJob('test.once'), async () => {
      runs += 1;
    });
    await app.ready();
    const id = '0b7d5c1e-2a4f-4f0e-9d8e-2f6b1c3a9e71';
    const first = await app.jobs.queue.enqueue('test.once', {}, { id, userId });
    const again = await app.jobs.queue.enqueue('test.once', {}, { id, userId });
    expect(again.task_id).toBe(first.task_id);
    await expect(
      app.jobs.queue.enqueue('test.once', {}, { id, userId: otherId }),
    ).rejects.toMatchObject({ statusCode: 409 });
    await expect(app.jobs.queue.get(id, otherId)).rejects.toMatchObject({
      statusCode: 404,
    });

    await waitForTask(app, id, userId);
    await app.jobs.queue.enqueue('test.once', {}, { id, userId });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(runs).toBe(1);
  });

  it('runs a job again, exactly once, after its worker died mid-run', async () => {
    const { app, userId } = await start();
    const runs: string[] = [];
    app.jobs.registry.register(testJob('test.resumable'), async ({ jobId }) => {
      runs.push(jobId);
      return { resumed: true };
    });
    // A previous process claimed the job and was killed: `running`, a heartbeat gone silent.
    const { task_id } = await app.jobs.queue.enqueue(
      'test.resumable',
      {},
      { userId, runAfter: new Date(Date.now() - 60_000) },
    );
    const claimed = await claimNextJob(app.db, {
      workerId: 'killed-process',
      kinds: ['test.resumable'],
      now: nowIso(-30_000),
      perUser: 1,
      awaitedKinds: [],
      postgres: dialect === 'postgres',
    });
    expect(claimed).toMatchObject({ id: task_id, status: 'running', attempts: 1 });

    await app.ready(); // the restart: its reaper finds the orphan
    const task = await waitForTask(app, task_id, userId);
    expect(task).toMatchObject({ status: 'succeeded', result: { resumed: true } });
    await new Promise((resolve) => setTimeout(resolve, FAST_JOB_TIMINGS.staleAfterMs));
    expect(runs).toEqual([task_id]);
    expect(await findJob(app.db, task_id)).toMatchObject({ attempts: 2, locked_by: null });
  });

  it('hands running jobs back to the queue on shutdown', async () => {
    const { app, userId } = await start();
    let started = false;
    app.jobs.registry.register(testJob('test.slow'), ({ signal }) => {
      started = true;
      return new Promise((_, reject) =>
        signal.addEventListener('abort', () => reject(signal.reason)),
      );
    });
    await app.ready();
    const { task_id } = await app.jobs.queue.enqueue('test.slow', {}, { userId });
    await waitForTask(app, task_id, userId, ['running']);
    expect(started).toBe(true);
    await app.jobs.stop();
    expect(await findJob(app.db, task_id)).toMatchObject({
      status: 'queued',
      attempts: 0,
      locked_by: null,
    });
  });

  it('schedules the hourly maintenance purge, which deletes dead tokens', async () => {
    const { app, userId } = await start();
    await app.db
      .insertInto('auth_tokens')
      .values([
        {
          id: 'used',
          user_id: userId,
          kind: 'reset',
          token_hash: 'a',
          expires_at: nowIso(60_000),
          used_at: nowIso(),
        },
        {
          id: 'expired',
          user_id: userId,
          kind: 'reset',
          token_hash: 'b',
          expires_at: nowIso(-1000),
        },
        { id: 'live', user_id: userId, kind: 'reset', token_hash: 'c', expires_at: nowIso(60_000) },
      ])
      .execute();
    await app.ready();
    const hour = new Date().toISOString().slice(0, 13);
    const id = `maintenance.purge-expired@${hour}`;
    for (let i = 0; i < 200 && (await findJob(app.db, id))?.status !== 'succeeded'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const job = await findJob(app.db, id);
    expect(job).toMatchObject({ status: 'succeeded', user_id: null });
    const remaining = await app.db.selectFrom('auth_tokens').select('id').execute();
    expect(remaining.map((row) => row.id)).toEqual(['live']);
    const next = await app.db
      .selectFrom('jobs')
      .selectAll()
      .where('kind', '=', 'maintenance.purge-expired')
      .where('status', '=', 'queued')
      .execute();
    expect(next).toHaveLength(1);
    expect(Date.parse(next[0]!.run_after)).toBeGreaterThan(Date.now());
  });
});
