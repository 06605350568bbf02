import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../repositories/db';
import type { JobQueue } from '../job-queue';

/** What handlers may use: the database, configuration, a logger and the queue (follow-up jobs). */
export interface JobDeps {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  queue: JobQueue;
}
