import type { Job } from '@codedocs/db';
import { z } from 'zod';
import { newId } from '../auth/random-id';
import { conflict, validationFailed } from '../errors/index';
import type { JobDefinition } from '../jobs/job-definition';
import { findJob } from '../repositories/jobs-repository';
import type { Db } from '../repositories/db';

/**
 * The `x-task-id` a client sends with a request that starts a task (connect, sync, checkout,
 * generate): the server queues the task under it, so the same request sent again is the same
 * task, not a second one.
 */

const uuid = z.uuid();

/** The task id to queue under: the client's (a UUID, so it is idempotent) or a new one. */
export function taskIdFrom(header: string | undefined): string {
  if (header === undefined) return newId();
  if (!uuid.safeParse(header).success) {
    throw validationFailed('headers.x-task-id', 'must be a UUID');
  }
  return header;
}

/**
 * The task already stored under a client's task id, with its payload, when this request was sent
 * before; undefined for a new id. Another user's id, or one of another kind, is 409.
 */
export async function storedClientTask<Payload>(
  db: Db,
  taskId: string,
  userId: string,
  definition: JobDefinition<Payload>,
): Promise<{ job: Job; payload: Payload } | undefined> {
  const job = await findJob(db, taskId);
  if (!job) return undefined;
  const payload = definition.payload.safeParse(JSON.parse(job.payload));
  if (job.user_id !== userId || job.kind !== definition.kind || !payload.success) {
    throw conflict('This task id is already in use');
  }
  return { job, payload: payload.data };
}
