import type { Task, TaskStatus } from '@codedocs/contract';
import { TASK_STATUSES } from '@codedocs/contract';
import type { Job } from '@codedocs/db';

function statusOf(job: Job): TaskStatus {
  const status = job.status as TaskStatus;
  // `cancelled` (reserved by the schema) ends a task without success, which clients show as failed.
  return TASK_STATUSES.includes(status) ? status : 'failed';
}

function parseResult(result: string | null): unknown {
  if (result === null) return null;
  try {
    return JSON.parse(result) as unknown;
  } catch {
    return null;
  }
}

/** A job row → the task JSON of `GET /api/v1/tasks/{id}` and of each SSE `task` event. */
export function presentTask(job: Job): Task {
  return {
    task_id: job.id,
    kind: job.kind,
    status: statusOf(job),
    progress: { done: job.progress_done, total: job.progress_total },
    message: job.message,
    error: job.error,
    result: parseResult(job.result),
  };
}
