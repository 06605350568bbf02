import { EventEmitter } from 'node:events';
import type { Task } from '@codedocs/contract';
import { listenForNotifications } from '@codedocs/db';
import type { Dialect, Job, NotificationListener } from '@codedocs/db';
import type { FastifyBaseLogger } from 'fastify';
import { presentTask } from '../presenters/task-presenter';
import { findJob, notifyChannel } from '../repositories/jobs-repository';
import type { Db } from '../repositories/db';

/** The PostgreSQL channel task changes travel on between processes. */
export const TASK_CHANNEL = 'codedocs_tasks';
/** NOTIFY payloads must stay under 8000 bytes; larger tasks travel as an id to look up. */
const MAX_NOTIFY_BYTES = 7900;

type Listener = (task: Task) => void;

interface Notification {
  userId: string;
  task?: Task;
  taskId?: string;
}

export interface TaskEventBusOptions {
  db: Db;
  dialect: Dialect;
  databaseUrl: string | undefined;
  log: FastifyBaseLogger;
}

/**
 * Fans task changes out to subscribers (SSE streams) by user. On SQLite (one process) an event is
 * delivered in process; on PostgreSQL it is sent with NOTIFY and delivered by each process's
 * LISTEN connection, so changes made by a separate worker process reach the API's streams.
 */
export class TaskEventBus {
  private readonly emitter = new EventEmitter();
  private listener: NotificationListener | undefined;
  private closed = false;

  constructor(private readonly options: TaskEventBusOptions) {
    // One listener per open stream; there is no leak to warn about.
    this.emitter.setMaxListeners(0);
  }

  /** Starts receiving other processes' events (PostgreSQL only; the API process calls this). */
  async listen(): Promise<void> {
    const { dialect, databaseUrl, log } = this.options;
    if (dialect !== 'postgres' || !databaseUrl || this.listener) return;
    this.listener = await listenForNotifications(databaseUrl, TASK_CHANNEL, {
      onNotification: (payload) => void this.receive(payload),
      onError: (error) => log.warn({ err: error }, 'task event connection lost; reconnecting'),
    });
  }

  /** Calls `listener` with each change of the user's tasks until the returned function is called. */
  subscribe(userId: string, listener: Listener): () => void {
    this.emitter.on(userId, listener);
    return () => this.emitter.off(userId, listener);
  }

  /** Announces a job's new state to its owner's subscribers in every process. Never throws. */
  async publish(job: Job): Promise<void> {
    if (job.user_id === null || this.closed) return;
    const task = presentTask(job);
    if (this.options.dialect !== 'postgres') {
      this.emitter.emit(job.user_id, task);
      return;
    }
    let payload = JSON.stringify({ userId: job.user_id, task } satisfies Notification);
    if (Buffer.byteLength(payload) > MAX_NOTIFY_BYTES) {
      payload = JSON.stringify({ userId: job.user_id, taskId: job.id } satisfies Notification);
    }
    try {
      await notifyChannel(this.options.db, TASK_CHANNEL, payload);
    } catch (error) {
      this.options.log.warn({ err: error, jobId: job.id }, 'could not publish a task event');
    }
  }

  /** How many streams follow a user's tasks (tests check that streams clean up). */
  subscriberCount(userId: string): number {
    return this.emitter.listenerCount(userId);
  }

  /** Stops listening and drops every subscriber. */
  async close(): Promise<void> {
    this.closed = true;
    this.emitter.removeAllListeners();
    await this.listener?.close();
    this.listener = undefined;
  }

  private async receive(payload: string): Promise<void> {
    try {
      const note = JSON.parse(payload) as Notification;
      if (this.emitter.listenerCount(note.userId) === 0) return;
      let task = note.task;
      if (!task && note.taskId) {
        const job = await findJob(this.options.db, note.taskId);
        task = job ? presentTask(job) : undefined;
      }
      if (task) this.emitter.emit(note.userId, task);
    } catch (error) {
      this.options.log.warn({ err: error }, 'ignored a malformed task event');
    }
  }
}
