import type { ActivityEvent, ActivityEventKind } from '@codedocs/contract';
import type { Dialect } from '@codedocs/db';
import type { FastifyBaseLogger } from 'fastify';
import { newId } from '../../auth/random-id';
import { UserFanout } from '../../jobs/user-fanout';
import { presentActivityEvent } from '../../presenters/activity-presenter';
import { addDailyCount, findEvent, insertEvent } from '../../repositories/activity-repository';
import type { Db } from '../../repositories/db';
import { notifyChannel } from '../../repositories/jobs-repository';

/** The PostgreSQL channel new events travel on between processes. */
export const ACTIVITY_CHANNEL = 'codedocs_activity';

/** A value of an event's data: flat and short. */
export type ActivityDataValue = string | number | boolean | null;

/** What an action records (see ACTIVITY_EVENT_KINDS in the contract for each kind's fields). */
export interface ActivityEventInput {
  /** Whose activity this is: the owner of what was acted on, in whose metrics it counts. */
  userId: string;
  kind: ActivityEventKind;
  /** What the event is about (a repository, compilation, folder, share or purchase id). */
  subject?: string | null;
  /** What it is counted under (a repository, folder or compilation); the subject by default. */
  scope?: string | null;
  /** Who did it; the owner by default, null for the system or a visitor without an account. */
  actorId?: string | null;
  /** What it counts for (fields written); 1 by default. */
  amount?: number;
  /** A few flat details (names, counts); strings are cut to 300 characters. */
  data?: Record<string, ActivityDataValue | undefined>;
  /** When it happened (ISO-8601); now by default. Seeding and tests set it. */
  at?: string;
}

const MAX_DATA_KEYS = 16;
const MAX_STRING = 300;

function compactData(data: ActivityEventInput['data']): string | null {
  if (!data) return null;
  const kept: Record<string, ActivityDataValue> = {};
  for (const [key, value] of Object.entries(data).slice(0, MAX_DATA_KEYS)) {
    if (value === undefined) continue;
    kept[key] = typeof value === 'string' ? value.slice(0, MAX_STRING) : value;
  }
  return JSON.stringify(kept);
}

type Listener = (event: ActivityEvent) => void;

export interface ActivityFeedOptions {
  /** The database itself (never a transaction): live delivery reads committed events with it. */
  db: Db;
  dialect: Dialect;
  databaseUrl: string | undefined;
  log: FastifyBaseLogger;
}

/**
 * Records activity events and delivers each one, once its transaction has committed, to the
 * owner's live streams. An event and its daily count are written with the caller's transaction,
 * so an action that rolls back leaves neither. Delivery follows the commit: on PostgreSQL the
 * NOTIFY is sent inside that transaction (PostgreSQL delivers it at commit, and never after a
 * rollback) to every API process; on SQLite (one process, one connection that a transaction
 * holds until it ends) the event is read back through the database once the transaction has let
 * go of the connection, and delivered only if it is there.
 */
export class ActivityFeed {
  private readonly fanout: UserFanout<ActivityEvent>;

  constructor(private readonly options: ActivityFeedOptions) {
    const { dialect, databaseUrl, log } = options;
    this.fanout = new UserFanout({
      dialect,
      databaseUrl,
      log,
      channel: ACTIVITY_CHANNEL,
      what: 'activity event',
    });
  }

  /**
   * Writes the event with `db`, which should be the transaction of the action it records, and
   * answers its id.
   */
  async record(db: Db, input: ActivityEventInput): Promise<string> {
    const id = newId();
    const at = input.at ?? new Date().toISOString();
    const subject = input.subject ?? null;
    const scope = input.scope === undefined ? subject : input.scope;
    const actorId = input.actorId === undefined ? input.userId : input.actorId;
    const amount = Math.max(0, Math.round(input.amount ?? 1));
    await insertEvent(db, {
      id,
      user_id: input.userId,
      kind: input.kind,
      subject,
      scope,
      actor_id: actorId,
      amount,
      data: compactData(input.data),
      created_at: at,
    });
    await addDailyCount(db, {
      user_id: input.userId,
      day: at.slice(0, 10),
      kind: input.kind,
      scope: scope ?? '',
      subject: subject ?? '',
      actor_id: actorId ?? '',
      amount,
    });
    if (this.options.dialect === 'postgres') {
      await notifyChannel(db, ACTIVITY_CHANNEL, JSON.stringify({ userId: input.userId, id }));
    } else if (this.subscriberCount(input.userId) > 0) {
      // not awaited: the read waits for the caller's transaction to end
      void this.deliver(input.userId, id);
    }
    return id;
  }

  /** Starts receiving other processes' events (PostgreSQL only; the API process calls this). */
  async listen(): Promise<void> {
    await this.fanout.listen((payload) => void this.receive(payload));
  }

  /** Calls `listener` with each new event of the user until the returned function is called. */
  subscribe(userId: string, listener: Listener): () => void {
    return this.fanout.subscribe(userId, listener);
  }

  /** How many streams follow a user's events. */
  subscriberCount(userId: string): number {
    return this.fanout.subscriberCount(userId);
  }

  /** Stops listening and drops every subscriber. */
  async close(): Promise<void> {
    await this.fanout.close();
  }

  private async receive(payload: string): Promise<void> {
    try {
      const note = JSON.parse(payload) as { userId?: unknown; id?: unknown };
      if (typeof note.userId !== 'string' || typeof note.id !== 'string') return;
      await this.deliver(note.userId, note.id);
    } catch (error) {
      this.options.log.warn({ err: error }, 'ignored a malformed activity event');
    }
  }

  /** Reads a committed event and hands it to the user's subscribers; a rolled-back one is absent. */
  private async deliver(userId: string, id: string): Promise<void> {
    if (this.fanout.closed || this.subscriberCount(userId) === 0) return;
    try {
      const row = await findEvent(this.options.db, id);
      if (row && row.user_id === userId) this.fanout.emit(userId, presentActivityEvent(row));
    } catch (error) {
      if (!this.fanout.closed) {
        this.options.log.warn({ err: error, id }, 'could not deliver an event');
      }
    }
  }
}
