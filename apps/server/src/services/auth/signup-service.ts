import type { SignupRequest } from '@codedocs/contract';
import type { User } from '@codedocs/db';
import { burnPasswordCheck, hashPassword } from '../../auth/passwords';
import { newId } from '../../auth/random-id';
import { badRequest } from '../../errors/index';
import { signupAttemptMail, verifyEmailMail } from '../../mail/templates';
import { findUserByEmail, insertUser, updateUser } from '../../repositories/users-repository';
import { giveStartingPlan } from '../billing/subscription-service';
import { linkBaseOf, nowIso } from '../context';
import type { ClientInfo, ServiceContext } from '../context';
import { consumeEmailToken, INVALID_LINK_MESSAGE, issueEmailLink } from './email-tokens';
import { assertMailAllowed, recordMailRequest } from './mail-throttle';
import { sendMail } from './send-mail';
import { startSession } from './session-service';

/** The 202 answer of sign-up, the same whether or not the address has an account. */
export const SIGNUP_ACCEPTED = 'Check your inbox: we sent you a link to confirm your address.';
/** The 202 answer of a verification resend. */
export const RESEND_ACCEPTED =
  'If this address has an unconfirmed account, we sent it a new confirmation link.';

/**
 * Sign-up. A new address gets an unverified account and a confirmation link; a known address
 * gets a "someone tried to sign up" mail instead, and the caller cannot tell the two apart
 * (same answer, a password hash computed either way).
 */
export async function signUp(
  ctx: ServiceContext,
  request: SignupRequest,
  client: ClientInfo,
): Promise<void> {
  await assertMailAllowed(ctx, request.email, client);
  await recordMailRequest(ctx, request.email, client);
  const existing = await findUserByEmail(ctx.db, request.email);
  if (existing) {
    await burnPasswordCheck(request.password, ctx.config.passwordHashLog2N);
    const base = linkBaseOf(ctx.config, client);
    await sendMail(
      ctx,
      signupAttemptMail(
        existing.email,
        existing.name,
        `${base}/auth/login`,
        `${base}/auth/reset-password`,
      ),
    );
    return;
  }
  const user = await insertUser(ctx.db, {
    id: newId(),
    email: request.email,
    name: request.name,
    password_hash: await hashPassword(request.password, ctx.config.passwordHashLog2N),
    login_method: 'password',
  });
  await giveStartingPlan(ctx, user.id);
  const next = request.next === undefined ? undefined : returnPath(request.next);
  const link = await issueEmailLink(ctx, user.id, 'verify', client, next);
  await sendMail(ctx, verifyEmailMail(user.email, user.name, link));
}

/**
 * The path a confirmation link may carry on: one of the app's own screens under /app or an
 * invitation page, never another origin; anything else is dropped.
 */
export function returnPath(next: string): string | undefined {
  const sameSite = next.startsWith('/') && !next.startsWith('//') && !next.includes('\\');
  return sameSite && /^\/(?:app|invite\/folder\/private)(?:[/?#]|$)/.test(next) ? next : undefined;
}

/** Opens the mailed confirmation link: marks the address verified and starts a session. */
export async function verifyEmail(
  ctx: ServiceContext,
  token: string,
  client: ClientInfo,
): Promise<{ token: string; user: User }> {
  const userId = await consumeEmailToken(ctx, 'verify', token);
  const user = await updateUser(ctx.db, userId, { email_verified_at: nowIso() });
  if (!user) throw badRequest('body.token', INVALID_LINK_MESSAGE);
  return { token: await startSession(ctx, userId, client), user };
}

/** Sends a new confirmation link to an unverified account; silent for any other address. */
export async function resendVerification(
  ctx: ServiceContext,
  email: string,
  client: ClientInfo,
): Promise<void> {
  await assertMailAllowed(ctx, email, client);
  await recordMailRequest(ctx, email, client);
  const user = await findUserByEmail(ctx.db, email);
  if (!user || user.email_verified_at !== null) return;
  const link = await issueEmailLink(ctx, user.id, 'verify', client);
  await sendMail(ctx, verifyEmailMail(user.email, user.name, link));
}
