import { EventEmitter } from 'node:events';
import { listenForNotifications } from '@codedocs/db';
import type { Dialect, NotificationListener } from '@codedocs/db';
import type { FastifyBaseLogger } from 'fastify';

export interface UserFanoutOptions {
  dialect: Dialect;
  databaseUrl: string | undefined;
  log: FastifyBaseLogger;
  /** The PostgreSQL channel other processes NOTIFY on. */
  channel: string;
  /** What travels on it, for log lines ("task event", "activity event"). */
  what: string;
}

/**
 * Per-user subscribers of one kind of change (the event streams of one process), and the
 * PostgreSQL LISTEN that brings other processes' changes in. The buses built on it decide what a
 * notification carries and how it becomes a value to emit.
 */
export class UserFanout<T> {
  private readonly emitter = new EventEmitter();
  private listener: NotificationListener | undefined;
  private ended = false;

  constructor(private readonly options: UserFanoutOptions) {
    // One listener per open stream; there is no leak to warn about.
    this.emitter.setMaxListeners(0);
  }

  /** Whether close() was called: nothing is listened to or delivered any more. */
  get closed(): boolean {
    return this.ended;
  }

  /** LISTENs on the channel and hands each payload to `receive` (PostgreSQL only). */
  async listen(receive: (payload: string) => void): Promise<void> {
    const { dialect, databaseUrl, log, channel, what } = this.options;
    if (dialect !== 'postgres' || !databaseUrl || this.listener || this.ended) return;
    this.listener = await listenForNotifications(databaseUrl, channel, {
      onNotification: receive,
      onError: (error) => log.warn({ err: error }, `${what} connection lost; reconnecting`),
    });
  }

  /** Calls `listener` with each value for the user until the returned function is called. */
  subscribe(userId: string, listener: (value: T) => void): () => void {
    this.emitter.on(userId, listener);
    return () => this.emitter.off(userId, listener);
  }

  /** Hands a value to the user's subscribers in this process. */
  emit(userId: string, value: T): void {
    if (!this.ended) this.emitter.emit(userId, value);
  }

  /** How many streams follow the user (tests check that streams clean up). */
  subscriberCount(userId: string): number {
    return this.emitter.listenerCount(userId);
  }

  /** Stops listening and drops every subscriber. */
  async close(): Promise<void> {
    this.ended = true;
    this.emitter.removeAllListeners();
    await this.listener?.close();
    this.listener = undefined;
  }
}
