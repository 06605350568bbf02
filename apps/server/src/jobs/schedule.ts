import { purgeExpiredJob } from './definitions/purge-expired';
import type { JobQueue } from './job-queue';

const HOUR_MS = 60 * 60_000;

/** `maintenance.purge-expired@2026-01-01T10`: one id per hour, so every process enqueues the same. */
function purgeJobId(hourStart: number): string {
  return `${purgeExpiredJob.kind}@${new Date(hourStart).toISOString().slice(0, 13)}`;
}

/** Enqueues this hour's purge (a no-op when any process already did). */
export async function schedulePurgeNow(queue: JobQueue): Promise<void> {
  const hourStart = Math.floor(Date.now() / HOUR_MS) * HOUR_MS;
  await queue.enqueue(purgeExpiredJob, {}, { id: purgeJobId(hourStart) });
}

/** Enqueues next hour's purge to run at the start of that hour. */
export async function scheduleNextPurge(queue: JobQueue): Promise<void> {
  const next = (Math.floor(Date.now() / HOUR_MS) + 1) * HOUR_MS;
  await queue.enqueue(purgeExpiredJob, {}, { id: purgeJobId(next), runAfter: new Date(next) });
}
