import type { Session, User } from '@codedocs/db';
import { newId, randomSecret } from '../../auth/random-id';
import { InvalidTokenError, TOKEN_LIFETIME_SECONDS } from '../../auth/tokens';
import { notFound, unauthorized } from '../../errors/index';
import {
  findSession,
  findSessionWithUser,
  insertSession,
  listLiveSessions,
  revokeSession,
  revokeUserSessions,
  rotateSessionToken,
  touchSession,
} from '../../repositories/sessions-repository';
import { nowIso } from '../context';
import type { ClientInfo, ServiceContext } from '../context';

const SESSION_LIFETIME_MS = TOKEN_LIFETIME_SECONDS.session * 1000;
/** How long a token replaced by refresh keeps working, for tabs that refreshed at the same time. */
export const ROTATION_GRACE_MS = 30_000;

/** A verified session: the user, the session row, and the token id the caller presented. */
export interface Authenticated {
  user: User;
  session: Session;
  tokenId: string;
}

function signSession(ctx: ServiceContext, userId: string, sessionId: string, tokenId: string) {
  return ctx.tokens.sign('session', { sub: userId, sid: sessionId, tid: tokenId });
}

/** Starts a session for a user: a row first, then the token that names it. */
export async function startSession(
  ctx: ServiceContext,
  userId: string,
  client: ClientInfo,
): Promise<string> {
  const sessionId = newId();
  const tokenId = randomSecret();
  await insertSession(ctx.db, {
    id: sessionId,
    user_id: userId,
    token_id: tokenId,
    ip: client.ip,
    user_agent: client.userAgent?.slice(0, 512) ?? null,
    expires_at: nowIso(SESSION_LIFETIME_MS),
  });
  return signSession(ctx, userId, sessionId, tokenId);
}

function isWithinGrace(session: Session, tokenId: string): boolean {
  return (
    session.previous_token_id === tokenId &&
    session.rotated_at !== null &&
    Date.now() - Date.parse(session.rotated_at) <= ROTATION_GRACE_MS
  );
}

/**
 * Checks a bearer token against its session row: signature, type and expiry, then that the
 * session is live and the token id is the current one (or the one just replaced, for a few
 * seconds). Every failure is the same 401.
 */
export async function authenticateSessionToken(
  ctx: ServiceContext,
  token: string,
): Promise<Authenticated> {
  let claims;
  try {
    claims = await ctx.tokens.verify('session', token);
  } catch (error) {
    if (error instanceof InvalidTokenError)
      throw unauthorized('Your session has ended, sign in again');
    throw error;
  }
  const found = await findSessionWithUser(ctx.db, claims.sid);
  const live =
    found !== undefined &&
    found.session.user_id === claims.sub &&
    found.session.revoked_at === null &&
    Date.parse(found.session.expires_at) > Date.now() &&
    (found.session.token_id === claims.tid || isWithinGrace(found.session, claims.tid));
  if (!found || !live) throw unauthorized('Your session has ended, sign in again');
  return { user: found.user, session: found.session, tokenId: claims.tid };
}

/**
 * `GET /auth/refresh`: a new token for the same session. The current token id is replaced (the
 * old token then works only for the grace period); a caller presenting the token replaced a
 * moment ago gets a token for the current id instead of rotating again.
 */
export async function refreshSession(ctx: ServiceContext, auth: Authenticated): Promise<string> {
  const { session, user } = auth;
  const expiresAt = nowIso(SESSION_LIFETIME_MS);
  if (session.token_id === auth.tokenId) {
    const tokenId = randomSecret();
    if (await rotateSessionToken(ctx.db, session.id, auth.tokenId, tokenId, nowIso(), expiresAt)) {
      return signSession(ctx, user.id, session.id, tokenId);
    }
  }
  const current = await findSession(ctx.db, session.id);
  if (!current?.token_id || current.revoked_at !== null) throw unauthorized();
  await touchSession(ctx.db, session.id, nowIso(), expiresAt);
  return signSession(ctx, user.id, session.id, current.token_id);
}

/** Logout: the caller's session ends. */
export async function endSession(ctx: ServiceContext, auth: Authenticated): Promise<void> {
  await revokeSession(ctx.db, auth.user.id, auth.session.id, nowIso());
}

/** Ends every session of a user (password reset, account deletion), or all but one. */
export async function endAllSessions(
  ctx: ServiceContext,
  userId: string,
  exceptSessionId?: string,
): Promise<void> {
  await revokeUserSessions(ctx.db, userId, nowIso(), exceptSessionId);
}

/** The caller's live sessions. */
export async function listSessions(ctx: ServiceContext, userId: string): Promise<Session[]> {
  return listLiveSessions(ctx.db, userId, nowIso());
}

/** Ends one of the caller's sessions; another user's (or an unknown) id is a 404. */
export async function endSessionById(
  ctx: ServiceContext,
  userId: string,
  sessionId: string,
): Promise<void> {
  if (!(await revokeSession(ctx.db, userId, sessionId, nowIso()))) {
    throw notFound('Session not found');
  }
}
