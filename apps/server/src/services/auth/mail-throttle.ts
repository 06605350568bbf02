import type { ClientInfo, ServiceContext } from '../context';
import {
  assertNotThrottled,
  MAIL_PER_ACCOUNT,
  MAIL_PER_ADDRESS,
  recordThrottled,
} from './throttle-service';
import type { ThrottleKey } from './throttle-service';

function mailKeys(email: string, client: ClientInfo): ThrottleKey[] {
  return [
    { key: `mail:account:${email}`, rule: MAIL_PER_ACCOUNT },
    { key: `mail:ip:${client.ip}`, rule: MAIL_PER_ADDRESS },
  ];
}

/**
 * 429 when this address or client asked for too many mails (sign-up, resend, reset). Keyed by
 * the address asked for, known or not, so the throttle itself reveals nothing.
 */
export async function assertMailAllowed(
  ctx: ServiceContext,
  email: string,
  client: ClientInfo,
): Promise<void> {
  await assertNotThrottled(ctx.db, mailKeys(email, client));
}

/** Counts one mail request against the address and the client. */
export async function recordMailRequest(
  ctx: ServiceContext,
  email: string,
  client: ClientInfo,
): Promise<void> {
  await recordThrottled(ctx.db, mailKeys(email, client));
}
