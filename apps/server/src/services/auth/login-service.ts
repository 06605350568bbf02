import { ErrorCode } from '@codedocs/contract';
import type { LoginRequest } from '@codedocs/contract';
import type { User } from '@codedocs/db';
import { burnPasswordCheck, verifyPassword } from '../../auth/passwords';
import { AppError, unauthorized } from '../../errors/index';
import { findUserByEmail } from '../../repositories/users-repository';
import type { ClientInfo, ServiceContext } from '../context';
import { startSession } from './session-service';
import {
  assertNotThrottled,
  clearThrottled,
  LOGIN_FAILURES,
  recordThrottled,
} from './throttle-service';

/** The one answer for an unknown address and a wrong password alike. */
export const INCORRECT_CREDENTIALS = 'Incorrect e-mail or password';
/** The answer when the password is right but the address is not confirmed yet. */
export const EMAIL_NOT_VERIFIED_MESSAGE =
  'Confirm your e-mail address first: open the link we sent you, or ask for a new one.';

/**
 * E-mail and password login. Failures count per account and per client address (10 a minute,
 * then 429); an unknown address costs the same password hash as a known one.
 */
export async function logIn(
  ctx: ServiceContext,
  request: LoginRequest,
  client: ClientInfo,
): Promise<{ token: string; user: User }> {
  const keys = [
    { key: `login:account:${request.email}`, rule: LOGIN_FAILURES },
    { key: `login:ip:${client.ip}`, rule: LOGIN_FAILURES },
  ];
  await assertNotThrottled(ctx.db, keys);
  const user = await findUserByEmail(ctx.db, request.email);
  let valid = false;
  if (user?.password_hash) valid = await verifyPassword(request.password, user.password_hash);
  else await burnPasswordCheck(request.password, ctx.config.passwordHashLog2N);
  if (!user || !valid) {
    await recordThrottled(ctx.db, keys);
    throw unauthorized(INCORRECT_CREDENTIALS);
  }
  await clearThrottled(ctx.db, `login:account:${request.email}`);
  if (user.email_verified_at === null) {
    throw new AppError(ErrorCode.emailNotVerified, EMAIL_NOT_VERIFIED_MESSAGE);
  }
  return { token: await startSession(ctx, user.id, client), user };
}
