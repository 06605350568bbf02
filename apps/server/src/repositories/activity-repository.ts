import type { ActivityDaily, NewActivityEvent } from '@codedocs/db';
import type { Db } from './db';

/** An event row with its actor's display name (their name, else their e-mail). */
export interface EventRow {
  id: string;
  user_id: string;
  kind: string;
  subject: string | null;
  scope: string | null;
  actor_id: string | null;
  actor_name: string | null;
  amount: number;
  data: string | null;
  created_at: string;
}

/** Where a page of events ended (newest first: creation time, then id). */
export interface EventCursor {
  createdAt: string;
  id: string;
}

const iso = (value: unknown) => new Date(String(value)).toISOString();

function events(db: Db) {
  return db
    .selectFrom('events')
    .leftJoin('users as actor', 'actor.id', 'events.actor_id')
    .select([
      'events.id',
      'events.user_id',
      'events.kind',
      'events.subject',
      'events.scope',
      'events.actor_id',
      'actor.name as actor_given_name',
      'actor.email as actor_email',
      'events.amount',
      'events.data',
      'events.created_at',
    ]);
}

type RawEvent = Awaited<ReturnType<ReturnType<typeof events>['executeTakeFirstOrThrow']>>;

function eventRow(raw: RawEvent): EventRow {
  const { actor_given_name, actor_email, ...rest } = raw;
  return {
    ...rest,
    actor_name: actor_given_name?.trim() || actor_email || null,
    amount: Number(raw.amount),
    created_at: iso(raw.created_at),
  };
}

/** Inserts one event (the caller's transaction makes it part of the action). */
export async function insertEvent(db: Db, event: NewActivityEvent): Promise<void> {
  await db.insertInto('events').values(event).execute();
}

/** Adds one event to its day's count (an upsert on the whole key). */
export async function addDailyCount(
  db: Db,
  count: Omit<ActivityDaily, 'events'> & { events?: number },
): Promise<void> {
  const events = count.events ?? 1;
  await db
    .insertInto('activity_daily')
    .values({ ...count, events })
    .onConflict((conflict) =>
      conflict.columns(['user_id', 'kind', 'day', 'scope', 'subject', 'actor_id']).doUpdateSet({
        events: (eb) => eb('activity_daily.events', '+', eb.ref('excluded.events')),
        amount: (eb) => eb('activity_daily.amount', '+', eb.ref('excluded.amount')),
      }),
    )
    .execute();
}

/** One event with its actor's name; undefined once it is gone (or was never committed). */
export async function findEvent(db: Db, id: string): Promise<EventRow | undefined> {
  const raw = await events(db).where('events.id', '=', id).executeTakeFirst();
  return raw && eventRow(raw);
}

/** A page of the user's events, newest first, after `before` when given. */
export async function listEvents(
  db: Db,
  userId: string,
  filter: { kinds?: readonly string[]; scope?: string; before?: EventCursor; limit: number },
): Promise<EventRow[]> {
  let query = events(db).where('events.user_id', '=', userId);
  if (filter.kinds) query = query.where('events.kind', 'in', filter.kinds);
  if (filter.scope !== undefined) query = query.where('events.scope', '=', filter.scope);
  const before = filter.before;
  if (before) {
    query = query.where((eb) =>
      eb.or([
        eb('events.created_at', '<', before.createdAt),
        eb.and([eb('events.created_at', '=', before.createdAt), eb('events.id', '<', before.id)]),
      ]),
    );
  }
  const rows = await query
    .orderBy('events.created_at', 'desc')
    .orderBy('events.id', 'desc')
    .limit(filter.limit)
    .execute();
  return rows.map(eventRow);
}

/** Columns daily counts can be summed by. */
export type DailyKey = 'day' | 'kind' | 'scope' | 'subject' | 'actor_id';

/** Daily counts summed over every column but `by` (so a row per distinct value of those). */
export type DailySum<K extends DailyKey> = Pick<ActivityDaily, K> & {
  events: number;
  amount: number;
};

/**
 * The user's daily counts of these kinds between two days (both included), summed by the
 * columns `by`: a series reads a row per day and kind, not one per subject and person.
 */
export async function sumDailyCounts<K extends DailyKey>(
  db: Db,
  userId: string,
  filter: { from: string; to: string; kinds: readonly string[]; scope?: string },
  by: readonly K[],
): Promise<DailySum<K>[]> {
  let query = db
    .selectFrom('activity_daily')
    .select(by)
    .select((eb) => [eb.fn.sum<number | string>('events').as('events')])
    .select((eb) => [eb.fn.sum<number | string>('amount').as('amount')])
    .where('user_id', '=', userId)
    .where('kind', 'in', filter.kinds)
    .where('day', '>=', filter.from)
    .where('day', '<=', filter.to);
  if (filter.scope !== undefined) query = query.where('scope', '=', filter.scope);
  const rows = (await query.groupBy(by).execute()) as unknown as (Pick<ActivityDaily, K> & {
    events: number | string;
    amount: number | string;
  })[];
  return rows.map((row) => ({ ...row, events: Number(row.events), amount: Number(row.amount) }));
}

/**
 * Deletes events created before `before`, at most `batch` per statement (a long DELETE would
 * hold SQLite's one writer), and answers how many went.
 */
export async function deleteEventsBefore(db: Db, before: string, batch: number): Promise<number> {
  let deleted = 0;
  for (;;) {
    const result = await db
      .deleteFrom('events')
      .where(
        'id',
        'in',
        db.selectFrom('events').select('id').where('created_at', '<', before).limit(batch),
      )
      .executeTakeFirst();
    const count = Number(result.numDeletedRows);
    deleted += count;
    if (count < batch) return deleted;
  }
}

/** Deletes daily counts of days before `day`. */
export async function deleteDailyCountsBefore(db: Db, day: string): Promise<number> {
  const result = await db.deleteFrom('activity_daily').where('day', '<', day).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Display names (name, else e-mail) of these users. */
export async function userNames(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'name', 'email'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.id, row.name.trim() || row.email]));
}

/** Names of the owner's folders among `ids` (others and deleted ones are left out). */
export async function folderNamesOfOwner(
  db: Db,
  ownerId: string,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('folders')
    .select(['id', 'name'])
    .where('owner_id', '=', ownerId)
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Kind and folder of the shares among `ids` whose folder the owner has. */
export async function sharesOfOwner(
  db: Db,
  ownerId: string,
  ids: readonly string[],
): Promise<Map<string, { kind: string; folder_id: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('shares')
    .innerJoin('folders', 'folders.id', 'shares.folder_id')
    .select(['shares.id', 'shares.kind', 'shares.folder_id'])
    .where('folders.owner_id', '=', ownerId)
    .where('shares.id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.id, { kind: row.kind, folder_id: row.folder_id }]));
}

/** Which first-run steps the user has done, read from what exists (not from events). */
export async function checklistFacts(db: Db, userId: string) {
  const exists = async (query: { executeTakeFirst(): Promise<unknown> }) =>
    (await query.executeTakeFirst()) !== undefined;
  const [connect, generate, pocket, site, share] = await Promise.all([
    exists(db.selectFrom('repos').select('id').where('user_id', '=', userId).limit(1)),
    exists(
      db
        .selectFrom('docs')
        .innerJoin('repos', 'repos.id', 'docs.repo_id')
        .select('docs.object_id')
        .where('repos.user_id', '=', userId)
        .limit(1),
    ),
    exists(db.selectFrom('compilations').select('id').where('user_id', '=', userId).limit(1)),
    exists(db.selectFrom('folders').select('id').where('owner_id', '=', userId).limit(1)),
    exists(
      db
        .selectFrom('shares')
        .innerJoin('folders', 'folders.id', 'shares.folder_id')
        .select('shares.id')
        .where('folders.owner_id', '=', userId)
        .limit(1),
    ),
  ]);
  return { connect, generate, pocket, site, share };
}
