import type { FastifyBaseLogger } from 'fastify';
import type { Tokens } from '../auth/tokens';
import type { Config } from '../config';
import type { Mailer } from '../mail/mailer';
import type { Db } from '../repositories/db';

/** What services need from the app: the database, configuration, mailer, token signer, logger. */
export interface ServiceContext {
  db: Db;
  config: Config;
  mailer: Mailer;
  tokens: Tokens;
  log: FastifyBaseLogger;
}

/** Who is calling, recorded on the sessions they start and used as a throttling key. */
export interface ClientInfo {
  ip: string;
  userAgent: string | null;
}

/** The current time as the ISO string every timestamp column holds. */
export function nowIso(offsetMs = 0): string {
  return new Date(Date.now() + offsetMs).toISOString();
}
