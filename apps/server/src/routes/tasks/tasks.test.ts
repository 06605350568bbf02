import { pendingTasksResponseSchema, taskSchema } from '@codedocs/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createVerifiedUser } from '../../test/accounts';
import {
  eventually,
  FAST_JOB_TIMINGS,
  progressJob,
  registerProgressJob,
  testJob,
} from '../../test/jobs';
import { waitForTask } from '../../test/jobs';
import { readEventStream } from '../../test/event-stream';
import { createTestApp, testDialects } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';

const dialects = await testDialects();

/** The `task` events of a stream, as the SPA reads them. */
function readEvents(response: Response) {
  const { events: tasks, ...rest } = readEventStream(response, 'task', (data) =>
    taskSchema.parse(data),
  );
  return { tasks, ...rest };
}

/** Runs until its signal aborts, and records that it saw the abort. */
const untilAbortedJob = testJob('test.until-aborted', 1);

describe.each(dialects)('task status and the event stream on %s', (dialect) => {
  const aborted: string[] = [];
  let testApp: TestApp;
  let baseUrl: string;
  let owner: { token: string; userId: string };
  let stranger: { token: string; userId: string };

  beforeAll(async () => {
    testApp = await createTestApp(dialect, { jobTimings: FAST_JOB_TIMINGS });
    registerProgressJob(testApp.app.jobs.registry, 30);
    testApp.app.jobs.registry.register(untilAbortedJob, async ({ jobId, signal }) => {
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
      aborted.push(jobId);
      throw signal.reason;
    });
    baseUrl = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const a = await createVerifiedUser(testApp.app, 'owner@example.com');
    const b = await createVerifiedUser(testApp.app, 'stranger@example.com');
    owner = { token: a.token, userId: a.user.id };
    stranger = { token: b.token, userId: b.user.id };
  });

  afterAll(async () => {
    await testApp?.close();
  });

  it("answers the caller's task and 404 for anyone else's", async () => {
    const { app } = testApp;
    const { task_id } = await app.jobs.queue.enqueue(progressJob, {}, { userId: owner.userId });
    await waitForTask(app, task_id, owner.userId);

    const get = (id: string, token?: string) =>
      app.inject({
        method: 'GET',
        url: `/api/v1/tasks/${id}`,
        headers: token ? bearer(token) : {},
      });
    const mine = await get(task_id, owner.token);
    expect(mine.statusCode).toBe(200);
    expect(taskSchema.parse(mine.json())).toMatchObject({
      task_id,
      status: 'succeeded',
      progress: { done: 3, total: 3 },
    });
    expect((await get(task_id, stranger.token)).statusCode).toBe(404);
    expect((await get('no-such-task', owner.token)).statusCode).toBe(404);
    expect((await get(task_id)).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/v1/events' })).statusCode).toBe(401);
  });

  it("lists the caller's pending tasks with their subject, never anyone else's", async () => {
    const { app } = testApp;
    const later = new Date(Date.now() + 60 * 60_000);
    const connect = await app.jobs.queue.enqueue(
      'repo.connect',
      {
        repo_id: 'r-pending',
        url: 'https://example.com/pending.git',
        method: 'https',
        ssh_key_name: 'laptop',
        branch: null,
      },
      { userId: owner.userId, runAfter: later },
    );
    await app.jobs.queue.enqueue(progressJob, {}, { userId: stranger.userId, runAfter: later });
    const list = (token: string, kind?: string) =>
      app.inject({
        method: 'GET',
        url: `/api/v1/tasks${kind ? `?kind=${kind}` : ''}`,
        headers: bearer(token),
      });

    const mine = pendingTasksResponseSchema.parse((await list(owner.token, 'repo.connect')).json());
    expect(mine.tasks).toEqual([
      expect.objectContaining({
        task_id: connect.task_id,
        status: 'queued',
        // The subject names the repository; other payload fields (the key name) stay private.
        subject: { repo_id: 'r-pending', url: 'https://example.com/pending.git', method: 'https' },
      }),
    ]);
    const theirs = pendingTasksResponseSchema.parse((await list(stranger.token)).json());
    expect(theirs.tasks.map((task) => task.task_id)).not.toContain(connect.task_id);
    expect(theirs.tasks).toHaveLength(1);
    expect((await app.inject({ method: 'GET', url: '/api/v1/tasks' })).statusCode).toBe(401);
  });

  it('cancels a queued task before it runs and a running one through its heartbeat', async () => {
    const { app } = testApp;
    const cancel = (id: string, token: string) =>
      app.inject({ method: 'DELETE', url: `/api/v1/tasks/${id}`, headers: bearer(token) });
    const later = new Date(Date.now() + 60 * 60_000);
    const queued = await app.jobs.queue.enqueue(
      progressJob,
      {},
      { userId: owner.userId, runAfter: later },
    );
    expect((await cancel(queued.task_id, stranger.token)).statusCode).toBe(404);
    const cancelled = await cancel(queued.task_id, owner.token);
    expect(cancelled.statusCode).toBe(200);
    expect(taskSchema.parse(cancelled.json())).toMatchObject({
      status: 'failed',
      error: 'Cancelled by the user',
    });
    expect((await cancel(queued.task_id, owner.token)).statusCode).toBe(409);

    const running = await app.jobs.queue.enqueue(untilAbortedJob, {}, { userId: owner.userId });
    await waitForTask(app, running.task_id, owner.userId, ['running']);
    expect((await cancel(running.task_id, owner.token)).statusCode).toBe(200);
    await eventually(() => aborted.includes(running.task_id), 5_000);
    // The worker that lost it writes nothing back: the task stays cancelled.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await app.jobs.queue.get(running.task_id, owner.userId)).toMatchObject({
      status: 'failed',
      error: 'Cancelled by the user',
    });
  });

  it("streams progress of the caller's tasks only, and cleans up on disconnect", async () => {
    const { app } = testApp;
    const open = async (token: string) => {
      const controller = new AbortController();
      const response = await fetch(`${baseUrl}/api/v1/events`, {
        headers: bearer(token),
        signal: controller.signal,
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      return { controller, ...readEvents(response) };
    };
    const ownerStream = await open(owner.token);
    const strangerStream = await open(stranger.token);
    await eventually(
      () =>
        app.jobs.events.subscriberCount(owner.userId) === 1 &&
        app.jobs.events.subscriberCount(stranger.userId) === 1,
    );

    const { task_id } = await app.jobs.queue.enqueue(progressJob, {}, { userId: owner.userId });
    await eventually(() => ownerStream.tasks.some((task) => task.status === 'succeeded'));

    const mine = ownerStream.tasks.filter((task) => task.task_id === task_id);
    expect(mine.map((task) => task.status)).toEqual(
      expect.arrayContaining(['queued', 'running', 'succeeded']),
    );
    expect(mine.map((task) => task.progress.done)).toEqual(expect.arrayContaining([1, 2, 3]));
    expect(mine.at(-1)).toMatchObject({ status: 'succeeded', result: { ok: true } });
    expect(ownerStream.comments[0]).toBe(': connected');
    expect(strangerStream.tasks).toEqual([]);

    ownerStream.controller.abort();
    strangerStream.controller.abort();
    await eventually(
      () =>
        app.jobs.events.subscriberCount(owner.userId) === 0 &&
        app.jobs.events.subscriberCount(stranger.userId) === 0,
    );
  });
});
