import { z } from 'zod';

/** Where a background task is in its life; `queued` also covers a retry waiting for its turn. */
export const TASK_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export const taskStatusSchema = z.enum(TASK_STATUSES);
export type TaskStatus = z.infer<typeof taskStatusSchema>;

/**
 * One background task as `GET /api/v1/tasks/{id}` answers it and as each `task` event of
 * `GET /api/v1/events` carries it (DESIGN.md section 5).
 */
export const taskSchema = z
  .object({
    task_id: z.string(),
    kind: z.string(),
    status: taskStatusSchema,
    progress: z.object({ done: z.number().int(), total: z.number().int() }),
    /** The latest progress message, if the job gave one. */
    message: z.string().nullable(),
    /** Why the last attempt failed (a sentence, never a stack trace). */
    error: z.string().nullable(),
    /** What the job returned, once it succeeded. */
    result: z.unknown().nullable(),
    /**
     * What the task works on, from its payload: for repository tasks `repo_id`, `url`, `method`
     * and `branch` when set (never credentials), so a reloaded page can show a pending connect.
     */
    subject: z.record(z.string(), z.string()).nullable().optional(),
  })
  .meta({ id: 'Task' });
export type Task = z.infer<typeof taskSchema>;

export const taskParamsSchema = z.object({ id: z.string().min(1).max(200) });
export type TaskParams = z.infer<typeof taskParamsSchema>;

/** `GET /api/v1/tasks?kind=`: the caller's queued and running tasks, oldest first. */
export const pendingTasksQuerySchema = z.object({ kind: z.string().min(1).max(100).optional() });
export type PendingTasksQuery = z.infer<typeof pendingTasksQuerySchema>;
export const pendingTasksResponseSchema = z.object({ tasks: z.array(taskSchema) });
export type PendingTasksResponse = z.infer<typeof pendingTasksResponseSchema>;

/** The server-sent event name of a task change on `GET /api/v1/events`. */
export const TASK_EVENT = 'task';
