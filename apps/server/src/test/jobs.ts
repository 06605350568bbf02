import { randomUUID } from 'node:crypto';
import type { Task } from '@codedocs/contract';
import { z } from 'zod';
import type { App } from '../app';
import type { JobTimings } from '../config';
import { defineJob } from '../jobs/job-definition';
import type { JobRegistry } from '../jobs/registry';

/** Queue clocks fast enough for tests: a job without a heartbeat for 600 ms is orphaned. */
export const FAST_JOB_TIMINGS: JobTimings = {
  pollMs: 50,
  heartbeatMs: 100,
  staleAfterMs: 600,
  reapEveryMs: 100,
  backoffScale: 1,
  progressEveryMs: 0,
};

/** A test-only kind whose handler the test supplies. */
export function testJob(kind: string, maxAttempts = 3) {
  return defineJob({
    kind,
    payload: z.object({ n: z.number().optional() }),
    retry: { maxAttempts, backoffBaseMs: 40, backoffCapMs: 80 },
    timeoutMs: 10_000,
  });
}

/** A kind that reports three steps of progress and returns `{ok: true}`. */
export const progressJob = testJob('test.progress');

/** Registers `progressJob`, pausing `stepMs` between steps so observers see each one. */
export function registerProgressJob(registry: JobRegistry, stepMs = 20): void {
  registry.register(progressJob, async ({ reportProgress }) => {
    for (let step = 1; step <= 3; step += 1) {
      await new Promise((resolve) => setTimeout(resolve, stepMs));
      await reportProgress(step, 3, `Step ${step} of 3`);
    }
    return { ok: true };
  });
}

/** Polls the queue until the task reaches one of `statuses` (or fails the test after a while). */
export async function waitForTask(
  app: App,
  id: string,
  userId: string,
  statuses: Task['status'][] = ['succeeded', 'failed'],
  timeoutMs = 15_000,
): Promise<Task> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const task = await app.jobs.queue.get(id, userId);
    if (statuses.includes(task.status)) return task;
    if (Date.now() > deadline) throw new Error(`task ${id} still ${task.status}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Waits until `check` holds, polling every 20 ms. */
export async function eventually(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * A user row written straight to the database: job tests need an owner without `app.inject`,
 * which would make the app ready (and start its workers) before test kinds are registered.
 */
export async function insertJobOwner(app: App, email: string): Promise<string> {
  const id = randomUUID();
  await app.db.insertInto('users').values({ id, email, password_hash: null }).execute();
  return id;
}
