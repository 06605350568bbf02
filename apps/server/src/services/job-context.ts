import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { JobQueue } from '../jobs/job-queue';
import type { Db } from '../repositories/db';
import type { SiteStore } from '../sites/site-store';
import type { ActivityFeed } from './activity/activity-feed';

/**
 * What a feature's job work may use: the database, configuration, a logger, the queue (follow-up
 * jobs) and the activity feed (recordEvent); jobs/handlers registers that work per job kind.
 */
export interface JobServiceContext {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  queue: JobQueue;
  activity: ActivityFeed;
  /** Where sites are written; the data directory's `sites/` unless given. */
  siteStore?: SiteStore;
}
