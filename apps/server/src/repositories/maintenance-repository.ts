import type { Db } from './db';

/** Deletes verify/reset/invite tokens that were used or have expired: they can never work again. */
export async function deleteDeadAuthTokens(db: Db, now: string): Promise<number> {
  const result = await db
    .deleteFrom('auth_tokens')
    .where((eb) => eb.or([eb('used_at', 'is not', null), eb('expires_at', '<', now)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes sessions revoked or expired before `before`; their tokens are refused either way. */
export async function deleteEndedSessions(db: Db, before: string): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('revoked_at', '<', before), eb('expires_at', '<', before)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes throttle events older than `before` (no throttling window looks that far back). */
export async function deleteThrottleEventsBefore(db: Db, before: string): Promise<number> {
  const result = await db
    .deleteFrom('throttle_events')
    .where('created_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
