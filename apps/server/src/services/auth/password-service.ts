import type { User } from '@codedocs/db';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { badRequest, unauthorized } from '../../errors/index';
import { passwordResetMail } from '../../mail/templates';
import { findUserByEmail, updateUser } from '../../repositories/users-repository';
import { nowIso } from '../context';
import type { ClientInfo, ServiceContext } from '../context';
import { consumeEmailToken, issueEmailLink } from './email-tokens';
import { assertMailAllowed, recordMailRequest } from './mail-throttle';
import { sendMail } from './send-mail';
import { endAllSessions, startSession } from './session-service';
import type { Authenticated } from './session-service';

/** The 202 answer of a reset request, whatever the address. */
export const RESET_ACCEPTED =
  'If an account uses this address, we sent it a link to choose a new password.';
/** The answer of a successful password set from a reset link. */
export const PASSWORD_SET = 'Your password was changed. Sign in with the new one.';

/** Mails a reset link when the address has an account (older links stop working). */
export async function requestPasswordReset(
  ctx: ServiceContext,
  email: string,
  client: ClientInfo,
): Promise<void> {
  await assertMailAllowed(ctx, email, client);
  await recordMailRequest(ctx, email, client);
  const user = await findUserByEmail(ctx.db, email);
  if (!user) return;
  const link = await issueEmailLink(ctx, user.id, 'reset', client);
  await sendMail(ctx, passwordResetMail(user.email, user.name, link));
}

/**
 * Sets a new password from a reset link. Every session ends; the address counts as confirmed,
 * since the link arrived in its inbox.
 */
export async function setPasswordWithToken(
  ctx: ServiceContext,
  token: string,
  password: string,
): Promise<void> {
  const userId = await consumeEmailToken(ctx, 'reset', token);
  const now = nowIso();
  const user = await updateUser(ctx.db, userId, {
    password_hash: await hashPassword(password, ctx.config.passwordHashLog2N),
  });
  if (user && user.email_verified_at === null) {
    await updateUser(ctx.db, userId, { email_verified_at: now });
  }
  await endAllSessions(ctx, userId);
}

/**
 * Changes the signed-in user's password (the current one is required when the account has one).
 * Every session ends, and the caller gets a fresh one.
 */
export async function changePassword(
  ctx: ServiceContext,
  auth: Authenticated,
  request: { current_password?: string | undefined; new_password: string },
  client: ClientInfo,
): Promise<{ token: string; user: User }> {
  const { user } = auth;
  if (user.password_hash) {
    if (!request.current_password) {
      throw badRequest('body.current_password', 'Enter your current password');
    }
    if (!(await verifyPassword(request.current_password, user.password_hash))) {
      throw badRequest('body.current_password', 'The current password is not correct');
    }
  }
  const updated = await updateUser(ctx.db, user.id, {
    password_hash: await hashPassword(request.new_password, ctx.config.passwordHashLog2N),
  });
  if (!updated) throw unauthorized();
  await endAllSessions(ctx, user.id);
  return { token: await startSession(ctx, user.id, client), user: updated };
}
