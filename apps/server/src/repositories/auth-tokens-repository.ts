import type { AuthToken, NewAuthToken } from '@codedocs/db';
import type { Db } from './db';

/** Stores a verify or reset token (its hash only). */
export async function insertAuthToken(db: Db, token: NewAuthToken): Promise<void> {
  await db.insertInto('auth_tokens').values(token).execute();
}

/** Marks every unused token of this kind of a user as used, so only the newest one works. */
export async function invalidateAuthTokens(
  db: Db,
  userId: string,
  kind: string,
  now: string,
): Promise<void> {
  await db
    .updateTable('auth_tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .execute();
}

/**
 * Uses a token once: marks it used when it is of this kind, belongs to the user, is unused and
 * unexpired, in one conditional update so two concurrent uses cannot both succeed.
 */
export async function consumeAuthToken(
  db: Db,
  query: { userId: string; kind: string; tokenHash: string; now: string },
): Promise<AuthToken | undefined> {
  return db
    .updateTable('auth_tokens')
    .set({ used_at: query.now })
    .where('token_hash', '=', query.tokenHash)
    .where('user_id', '=', query.userId)
    .where('kind', '=', query.kind)
    .where('used_at', 'is', null)
    .where('expires_at', '>', query.now)
    .returningAll()
    .executeTakeFirst();
}
