import type { NewSession, Session, User } from '@codedocs/db';
import type { Db } from './db';

/** Stores a new session row. */
export async function insertSession(db: Db, session: NewSession): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

/**
 * A session by id, revoked or not, with its user, in one query: every authenticated request
 * reads both, and on PostgreSQL each query is a round trip through the pool.
 */
export async function findSessionWithUser(
  db: Db,
  id: string,
): Promise<{ session: Session; user: User } | undefined> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('sessions')
    .select([
      'users.email as user_email',
      'users.name as user_name',
      'users.description as user_description',
      'users.password_hash as user_password_hash',
      'users.email_verified_at as user_email_verified_at',
      'users.login_method as user_login_method',
      'users.created_at as user_created_at',
      'users.updated_at as user_updated_at',
    ])
    .where('sessions.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const {
    user_email,
    user_name,
    user_description,
    user_password_hash,
    user_email_verified_at,
    user_login_method,
    user_created_at,
    user_updated_at,
    ...session
  } = row;
  const user: User = {
    id: session.user_id,
    email: user_email,
    name: user_name,
    description: user_description,
    password_hash: user_password_hash,
    email_verified_at: user_email_verified_at,
    login_method: user_login_method,
    created_at: user_created_at,
    updated_at: user_updated_at,
  };
  return { session, user };
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
