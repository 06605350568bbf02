import type { Task } from '@codedocs/contract';
import type { Dialect, Job } from '@codedocs/db';
import type { FastifyBaseLogger } from 'fastify';
import { presentTask } from '../presenters/task-presenter';
import { findJob, notifyChannel } from '../repositories/jobs-repository';
import type { Db } from '../repositories/db';
import { UserFanout } from './user-fanout';

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
  private readonly fanout: UserFanout<Task>;

  constructor(private readonly options: TaskEventBusOptions) {
    const { dialect, databaseUrl, log } = options;
    this.fanout = new UserFanout({
      dialect,
      databaseUrl,
      log,
      channel: TASK_CHANNEL,
      what: 'task event',
    });
  }

  /** Starts receiving other processes' events (PostgreSQL only; the API process calls this). */
  async listen(): Promise<void> {
    await this.fanout.listen((payload) => void this.receive(payload));
  }

  /** Calls `listener` with each change of the user's tasks until the returned function is called. */
  subscribe(userId: string, listener: Listener): () => void {
    return this.fanout.subscribe(userId, listener);
  }

  /** Announces a job's new state to its owner's subscribers in every process. Never throws. */
  async publish(job: Job): Promise<void> {
    if (job.user_id === null || this.fanout.closed) return;
    const task = presentTask(job);
    if (this.options.dialect !== 'postgres') {
      this.fanout.emit(job.user_id, task);
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
    return this.fanout.subscriberCount(userId);
  }

  /** Stops listening and drops every subscriber. */
  async close(): Promise<void> {
    await this.fanout.close();
  }

  private async receive(payload: string): Promise<void> {
    try {
      const note = JSON.parse(payload) as Notification;
      if (this.fanout.subscriberCount(note.userId) === 0) return;
      let task = note.task;
      if (!task && note.taskId) {
        const job = await findJob(this.options.db, note.taskId);
        task = job ? presentTask(job) : undefined;
      }
      if (task) this.fanout.emit(note.userId, task);
    } catch (error) {
      this.options.log.warn({ err: error }, 'ignored a malformed task event');
    }
  }
}
