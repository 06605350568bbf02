import type { NewSession, Session } from '@codedocs/db';
import type { Db } from './db';

/** Stores a new session row. */
export async function insertSession(db: Db, session: NewSession): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

/** A session by id, revoked or not. */
export async function findSession(db: Db, id: string): Promise<Session | undefined> {
  return db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Replaces the current token id with `newTokenId` when it still is `currentTokenId` (so two
 * refreshes racing rotate once), keeping the old one as previous. True when this call rotated.
 */
export async function rotateSessionToken(
  db: Db,
  id: string,
  currentTokenId: string,
  newTokenId: string,
  now: string,
  expiresAt: string,
): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({
      token_id: newTokenId,
      previous_token_id: currentTokenId,
      rotated_at: now,
      last_seen_at: now,
      expires_at: expiresAt,
    })
    .where('id', '=', id)
    .where('token_id', '=', currentTokenId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Marks when a session was last used and how long it now lives. */
export async function touchSession(
  db: Db,
  id: string,
  now: string,
  expiresAt: string,
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_seen_at: now, expires_at: expiresAt })
    .where('id', '=', id)
    .execute();
}

/** Ends one session of a user; false when the user has no such live session. */
export async function revokeSession(
  db: Db,
  userId: string,
  id: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Ends every session of a user, except `keepId` when given. */
export async function revokeUserSessions(
  db: Db,
  userId: string,
  now: string,
  keepId?: string,
): Promise<void> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepId !== undefined) query = query.where('id', '!=', keepId);
  await query.execute();
}

/** The user's sessions that are neither revoked nor expired, newest use first. */
export async function listLiveSessions(db: Db, userId: string, now: string): Promise<Session[]> {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('last_seen_at', 'desc')
    .execute();
}
