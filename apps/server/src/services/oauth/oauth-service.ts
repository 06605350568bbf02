import type { OAuthProvider } from '@codedocs/contract';
import type { User } from '@codedocs/db';
import * as client from 'openid-client';
import { newId } from '../../auth/random-id';
import { InvalidTokenError } from '../../auth/tokens';
import { badRequest } from '../../errors/index';
import { findOauthAccount, insertOauthAccount } from '../../repositories/oauth-accounts-repository';
import {
  findUserByEmail,
  findUserById,
  insertUser,
  updateUser,
} from '../../repositories/users-repository';
import { startSession } from '../auth/session-service';
import { giveStartingPlan } from '../billing/subscription-service';
import { nowIso } from '../context';
import type { ClientInfo, ServiceContext } from '../context';
import type { OAuthClient, ProviderIdentity } from './provider';

/** The answer for a callback whose state cookie is missing, expired or does not match. */
export const OAUTH_STATE_MESSAGE = 'The sign-in took too long or was started elsewhere; try again';
/** The answer when the provider vouches for no verified e-mail address. */
export const OAUTH_NO_EMAIL_MESSAGE =
  'Your account at the provider has no verified e-mail address; verify one there and try again';

/** Where the provider sends the browser back: the SPA's callback screen. */
export function redirectUriFor(publicUrl: string, provider: OAuthProvider): string {
  return `${publicUrl}/auth/callback?provider=${provider}`;
}

/** Only same-site paths are followed after login, never another origin. */
export function safeNext(next: string | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) {
    return '/app';
  }
  return next;
}

/**
 * The authorize step: a fresh state, PKCE verifier and nonce, kept in a signed short-lived token
 * (the state cookie) and sent to the provider as state, S256 challenge and nonce.
 */
export async function startAuthorization(
  ctx: ServiceContext,
  provider: OAuthClient,
  next: string | undefined,
): Promise<{ url: URL; stateToken: string }> {
  const state = client.randomState();
  const verifier = client.randomPKCECodeVerifier();
  const nonce = client.randomNonce();
  const url = await provider.authorizationUrl({
    redirectUri: redirectUriFor(ctx.config.publicUrl, provider.id),
    state,
    nonce,
    codeChallenge: await client.calculatePKCECodeChallenge(verifier),
  });
  const stateToken = await ctx.tokens.sign('oauth-state', {
    provider: provider.id,
    state,
    verifier,
    nonce,
    next: safeNext(next),
  });
  return { url, stateToken };
}

/**
 * The user behind a provider identity: the linked one; else the account with the same verified
 * address, now linked (an unconfirmed account's password is dropped, since whoever set it never
 * proved the address); else a new, verified account.
 */
async function userForIdentity(
  ctx: ServiceContext,
  provider: OAuthProvider,
  identity: ProviderIdentity,
): Promise<User> {
  const linked = await findOauthAccount(ctx.db, provider, identity.subject);
  const linkedUser = linked && (await findUserById(ctx.db, linked.user_id));
  if (linkedUser) return linkedUser;
  if (!identity.email || !identity.emailVerified)
    throw badRequest(undefined, OAUTH_NO_EMAIL_MESSAGE);

  let user = await findUserByEmail(ctx.db, identity.email);
  if (user && user.email_verified_at === null) {
    user = await updateUser(ctx.db, user.id, { email_verified_at: nowIso(), password_hash: null });
  }
  if (!user) {
    user = await insertUser(ctx.db, {
      id: newId(),
      email: identity.email,
      name: identity.name.slice(0, 100),
      password_hash: null,
      email_verified_at: nowIso(),
      login_method: provider,
    });
    await giveStartingPlan(ctx, user.id);
  }
  await insertOauthAccount(ctx.db, { provider, subject: identity.subject, user_id: user.id });
  return user;
}

/** The callback step: checks the state cookie, redeems the code, and starts a session. */
export async function finishAuthorization(
  ctx: ServiceContext,
  provider: OAuthClient,
  callback: { code: string; state: string; iss?: string | undefined },
  stateToken: string | undefined,
  clientInfo: ClientInfo,
): Promise<{ token: string; user: User; next: string }> {
  let saved;
  try {
    if (!stateToken) throw new InvalidTokenError('no state cookie');
    saved = await ctx.tokens.verify('oauth-state', stateToken);
  } catch (error) {
    if (error instanceof InvalidTokenError) throw badRequest('body.state', OAUTH_STATE_MESSAGE);
    throw error;
  }
  if (saved.provider !== provider.id || saved.state !== callback.state) {
    throw badRequest('body.state', OAUTH_STATE_MESSAGE);
  }
  const identity = await provider.exchange({
    code: callback.code,
    state: callback.state,
    iss: callback.iss,
    redirectUri: redirectUriFor(ctx.config.publicUrl, provider.id),
    codeVerifier: saved.verifier,
    nonce: saved.nonce,
  });
  const user = await userForIdentity(ctx, provider.id, identity);
  return { token: await startSession(ctx, user.id, clientInfo), user, next: saved.next };
}
