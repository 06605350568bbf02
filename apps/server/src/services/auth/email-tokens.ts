import { newId, randomSecret, sha256 } from '../../auth/random-id';
import { InvalidTokenError, TOKEN_LIFETIME_SECONDS } from '../../auth/tokens';
import { badRequest } from '../../errors/index';
import {
  consumeAuthToken,
  insertAuthToken,
  invalidateAuthTokens,
} from '../../repositories/auth-tokens-repository';
import { linkBaseOf, nowIso } from '../context';
import type { ClientInfo, ServiceContext } from '../context';

/** The two mailed-link tokens; each kind has its own screen in the SPA. */
export type EmailTokenKind = 'verify' | 'reset';

const SCREEN: Record<EmailTokenKind, string> = {
  verify: '/auth/verify',
  reset: '/auth/setpassword',
};

/** The answer for any link that is forged, used, expired or replaced by a newer one. */
export const INVALID_LINK_MESSAGE = 'This link is invalid or has expired';

/**
 * A single-use link for a user: a signed token carrying a random 256-bit id whose SHA-256 is
 * stored. Older unused links of the same kind stop working. `next` (a path of the app, e.g. the
 * invitation page someone signed up from) rides along for the screen to go on to.
 */
export async function issueEmailLink(
  ctx: ServiceContext,
  userId: string,
  kind: EmailTokenKind,
  client?: ClientInfo,
  next?: string,
): Promise<string> {
  const secret = randomSecret();
  await invalidateAuthTokens(ctx.db, userId, kind, nowIso());
  await insertAuthToken(ctx.db, {
    id: newId(),
    user_id: userId,
    kind,
    token_hash: sha256(secret),
    expires_at: nowIso(TOKEN_LIFETIME_SECONDS[kind] * 1000),
  });
  const token = await ctx.tokens.sign(kind, { sub: userId, jti: secret });
  const search = new URLSearchParams({ token });
  if (next) search.set('next', next);
  return `${linkBaseOf(ctx.config, client)}${SCREEN[kind]}?${search.toString()}`;
}

/** Uses a mailed token once and returns its user id; 400 for every kind of bad link. */
export async function consumeEmailToken(
  ctx: ServiceContext,
  kind: EmailTokenKind,
  token: string,
): Promise<string> {
  let claims;
  try {
    claims = await ctx.tokens.verify(kind, token);
  } catch (error) {
    if (error instanceof InvalidTokenError) throw badRequest('body.token', INVALID_LINK_MESSAGE);
    throw error;
  }
  const row = await consumeAuthToken(ctx.db, {
    userId: claims.sub,
    kind,
    tokenHash: sha256(claims.jti),
    now: nowIso(),
  });
  if (!row) throw badRequest('body.token', INVALID_LINK_MESSAGE);
  return row.user_id;
}
