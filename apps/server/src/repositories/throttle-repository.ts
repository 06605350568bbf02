import type { Db } from './db';

/** Records one event (a failed login, a mail request) under each key. */
export async function recordThrottleEvents(
  db: Db,
  events: { id: string; key: string; created_at: string }[],
): Promise<void> {
  if (events.length > 0) await db.insertInto('throttle_events').values(events).execute();
}

/** How many events a key has since `since`, and the oldest of them. */
export async function countThrottleEvents(
  db: Db,
  key: string,
  since: string,
): Promise<{ count: number; oldest: string | null }> {
  const row = await db
    .selectFrom('throttle_events')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('count'),
      eb.fn.min('created_at').as('oldest'),
    ])
    .where('key', '=', key)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), oldest: row.oldest ?? null };
}

/** Forgets a key's events (a successful login clears the account's failures). */
export async function clearThrottleKey(db: Db, key: string): Promise<void> {
  await db.deleteFrom('throttle_events').where('key', '=', key).execute();
}

/** Deletes events older than any window still looks at. */
export async function pruneThrottleEvents(db: Db, before: string): Promise<void> {
  await db.deleteFrom('throttle_events').where('created_at', '<', before).execute();
}
