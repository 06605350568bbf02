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

/** Payload keys a client may see; anything else in a payload stays on the server. */
const SUBJECT_KEYS = ['repo_id', 'url', 'method', 'branch'] as const;

function subjectOf(job: Job): Record<string, string> | null {
  let payload: unknown;
  try {
    payload = JSON.parse(job.payload);
  } catch {
    return null;
  }
  if (typeof payload !== 'object' || payload === null) return null;
  const subject: Record<string, string> = {};
  for (const key of SUBJECT_KEYS) {
    const value = (payload as Record<string, unknown>)[key];
    if (typeof value === 'string') subject[key] = value;
  }
  return Object.keys(subject).length > 0 ? subject : null;
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
    subject: subjectOf(job),
  };
}
