import type { FastifyBaseLogger } from 'fastify';
import type { Tokens } from '../auth/tokens';
import type { Config } from '../config';
import type { Mailer } from '../mail/mailer';
import type { Db } from '../repositories/db';
import type { ActivityFeed } from './activity/activity-feed';

/**
 * What services need from the app: the database, configuration, mailer, token signer, logger and
 * the activity feed (recordEvent).
 */
export interface ServiceContext {
  db: Db;
  config: Config;
  mailer: Mailer;
  tokens: Tokens;
  log: FastifyBaseLogger;
  activity: ActivityFeed;
}

/** Who is calling, recorded on the sessions they start and used as a throttling key. */
export interface ClientInfo {
  ip: string;
  userAgent: string | null;
  /**
   * The address the person opened the app at, when links in mails may use it: only without a
   * configured PUBLIC_URL and only for this machine's own names (`localhost`, `127.0.0.1`,
   * `[::1]`), so a forged Host header can never send a reset link elsewhere.
   */
  linkBase?: string;
}

/** The base of links in mails: the address the person opened (see ClientInfo) or PUBLIC_URL. */
export function linkBaseOf(config: { publicUrl: string }, client?: ClientInfo): string {
  return client?.linkBase ?? config.publicUrl;
}

/** The current time as the ISO string every timestamp column holds. */
export function nowIso(offsetMs = 0): string {
  return new Date(Date.now() + offsetMs).toISOString();
}
