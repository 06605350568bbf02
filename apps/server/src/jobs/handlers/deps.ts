import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../repositories/db';
import type { ActivityFeed } from '../../services/activity/activity-feed';
import type { SiteStore } from '../../sites/site-store';
import type { JobQueue } from '../job-queue';

/**
 * What handlers may use: the database, configuration, a logger, the queue (follow-up jobs) and
 * the activity feed (recordEvent).
 */
export interface JobDeps {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  queue: JobQueue;
  activity: ActivityFeed;
  /** Where sites are written; the data directory's `sites/` unless given. */
  siteStore?: SiteStore;
}
