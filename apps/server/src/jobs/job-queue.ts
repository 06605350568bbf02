import type { Task } from '@codedocs/contract';
import type { Job } from '@codedocs/db';
import { newId } from '../auth/random-id';
import { conflict, notFound } from '../errors/index';
import { presentTask } from '../presenters/task-presenter';
import {
  cancelJob,
  findJob,
  findPendingJobByKey,
  insertJobIfAbsent,
  listPendingJobsOfUser,
} from '../repositories/jobs-repository';
import type { Db } from '../repositories/db';
import { nowIso } from '../services/context';
import type { JobDefinition } from './job-definition';
import type { JobRegistry } from './registry';
import type { TaskEventBus } from './task-events';

/** The error a cancelled task reports. */
export const TASK_CANCELLED = 'Cancelled by the user';

/** Most tasks `GET /api/v1/tasks` lists. */
const PENDING_TASKS_LIMIT = 100;

export interface EnqueueOptions {
  /** The task id: the caller's `x-task-id` when it sent one; a new UUID otherwise. */
  id?: string;
  /** The owner; only they see the task. Omit for system jobs. */
  userId?: string | null;
  /** Not before this time (scheduled jobs); now when omitted. */
  runAfter?: Date;
  /**
   * At most one queued or running job holds this key (in every process): while one does, the
   * enqueue answers that job's task instead of queueing another.
   */
  singletonKey?: string;
}

export interface JobQueueOptions {
  db: Db;
  registry: JobRegistry;
  events: TaskEventBus;
}

/**
 * The durable queue's public face: puts jobs in the `jobs` table and reads tasks back for their
 * owner. Workers (job-workers.ts) take them from there, in this process or another.
 */
export class JobQueue {
  private readonly wakeListeners = new Set<() => void>();

  constructor(private readonly options: JobQueueOptions) {}

  /**
   * Queues a job and returns its task. Idempotent by id: the same id again for the same owner and
   * kind returns the existing task untouched (a retried request); for another owner or kind it is
   * 409. With a `singletonKey` held by a pending job (of the same owner and kind), that job's task
   * is answered instead: its `task_id` then differs from the id asked for. The payload is
   * validated against the kind's schema (a mismatch is a programming error).
   */
  async enqueue<Payload>(
    kind: string | JobDefinition<Payload>,
    payload: Payload,
    options: EnqueueOptions = {},
  ): Promise<Task> {
    const { db, registry, events } = this.options;
    const { definition } = registry.get(typeof kind === 'string' ? kind : kind.kind);
    const valid = definition.payload.parse(payload);
    const id = options.id ?? newId();
    const userId = options.userId ?? null;
    const sameOwner = (job: Job) => job.user_id === userId && job.kind === definition.kind;
    // the job holding the key may finish between the refused insert and the look-up: try again
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const now = nowIso();
      const inserted = await insertJobIfAbsent(db, {
        id,
        user_id: userId,
        kind: definition.kind,
        payload: JSON.stringify(valid),
        max_attempts: definition.retry.maxAttempts,
        run_after: options.runAfter ? options.runAfter.toISOString() : now,
        singleton_key: options.singletonKey ?? null,
        created_at: now,
        updated_at: now,
      });
      if (inserted) {
        await events.publish(inserted);
        for (const wake of this.wakeListeners) wake();
        return presentTask(inserted);
      }
      const existing = await findJob(db, id);
      if (existing) {
        if (!sameOwner(existing)) throw conflict('This task id is already in use');
        return presentTask(existing);
      }
      const holder = options.singletonKey && (await findPendingJobByKey(db, options.singletonKey));
      if (holder) {
        if (!sameOwner(holder)) throw conflict("Another owner's task holds this work");
        return presentTask(holder);
      }
    }
    throw conflict('This task could not be queued; try again');
  }

  /** The caller's task; another user's id, or an unknown one, is 404 (never 403). */
  async get(id: string, userId: string): Promise<Task> {
    const job = await findJob(this.options.db, id);
    if (!job || job.user_id !== userId) throw notFound('Task not found');
    return presentTask(job);
  }

  /** The caller's queued and running tasks (of one kind when given), oldest first, at most 100. */
  async pending(userId: string, kind?: string): Promise<Task[]> {
    const jobs = await listPendingJobsOfUser(
      this.options.db,
      userId,
      kind ? [kind] : null,
      PENDING_TASKS_LIMIT,
    );
    return jobs.map(presentTask);
  }

  /**
   * Cancels the caller's task: a queued one never runs, a running one is stopped by its worker
   * within a heartbeat (its handler is aborted, git processes killed). 404 for anyone else's or
   * an unknown id; 409 when it has already finished.
   */
  async cancel(id: string, userId: string): Promise<Task> {
    const cancelled = await cancelJob(this.options.db, id, userId, TASK_CANCELLED, nowIso());
    if (cancelled) {
      await this.options.events.publish(cancelled);
      return presentTask(cancelled);
    }
    const job = await findJob(this.options.db, id);
    if (!job || job.user_id !== userId) throw notFound('Task not found');
    throw conflict('The task has already finished');
  }

  /** Lets local workers start on a new job at once instead of at their next poll. */
  onEnqueue(wake: () => void): () => void {
    this.wakeListeners.add(wake);
    return () => this.wakeListeners.delete(wake);
  }
}
