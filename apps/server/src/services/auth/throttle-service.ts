import { newId } from '../../auth/random-id';
import { RateLimitedError } from '../../errors/index';
import type { Db } from '../../repositories/db';
import {
  clearThrottleKey,
  countThrottleEvents,
  pruneThrottleEvents,
  recordThrottleEvents,
} from '../../repositories/throttle-repository';

/** How many events a key may have within a window before requests are refused. */
export interface ThrottleRule {
  limit: number;
  windowMs: number;
}

/** Ten failed logins a minute, per account and per client address. */
export const LOGIN_FAILURES: ThrottleRule = { limit: 10, windowMs: 60_000 };
/** Mails one account can be sent on request (reset, resend, sign-up) per quarter hour. */
export const MAIL_PER_ACCOUNT: ThrottleRule = { limit: 5, windowMs: 15 * 60_000 };
/** Mail requests one client address may make per quarter hour. */
export const MAIL_PER_ADDRESS: ThrottleRule = { limit: 20, windowMs: 15 * 60_000 };

const LONGEST_WINDOW_MS = 15 * 60_000;

/** One throttled key and its rule, e.g. `login:account:<email>`. */
export interface ThrottleKey {
  key: string;
  rule: ThrottleRule;
}

/**
 * Refuses with 429 and Retry-After when any key already used its budget. Counts live in the
 * database so every process sharing it sees the same numbers.
 */
export async function assertNotThrottled(db: Db, keys: ThrottleKey[]): Promise<void> {
  const now = Date.now();
  let retryAfterMs = 0;
  for (const { key, rule } of keys) {
    const since = new Date(now - rule.windowMs).toISOString();
    const { count, oldest } = await countThrottleEvents(db, key, since);
    if (count >= rule.limit && oldest) {
      retryAfterMs = Math.max(retryAfterMs, Date.parse(oldest) + rule.windowMs - now);
    }
  }
  if (retryAfterMs > 0) throw new RateLimitedError(retryAfterMs / 1000);
}

/** Counts one event against each key, and drops events no window needs any more. */
export async function recordThrottled(db: Db, keys: ThrottleKey[]): Promise<void> {
  const now = Date.now();
  const createdAt = new Date(now).toISOString();
  await recordThrottleEvents(
    db,
    keys.map(({ key }) => ({ id: newId(), key, created_at: createdAt })),
  );
  await pruneThrottleEvents(db, new Date(now - LONGEST_WINDOW_MS).toISOString());
}

/** Forgets the events of a key, e.g. an account's failures after a good login. */
export async function clearThrottled(db: Db, key: string): Promise<void> {
  await clearThrottleKey(db, key);
}
