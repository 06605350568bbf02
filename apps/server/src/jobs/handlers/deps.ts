import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../repositories/db';
import type { SiteStore } from '../../sites/site-store';
import type { JobQueue } from '../job-queue';

/** What handlers may use: the database, configuration, a logger and the queue (follow-up jobs). */
export interface JobDeps {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  queue: JobQueue;
  /** Where sites are written; the data directory's `sites/` unless given. */
  siteStore?: SiteStore;
}
