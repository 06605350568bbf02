import type { Dialect } from '@codedocs/db';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../repositories/db';
import { queueMissingHeadIndexes } from '../services/livedocs/index-after-move';
import { startCloneSweep } from '../services/repos/orphan-clones';
import { registerApplicationJobs } from './handlers/index';
import type { SiteStore } from '../sites/site-store';
import { ActivityFeed } from '../services/activity/activity-feed';
import { JobQueue } from './job-queue';
import { JobWorkers } from './job-workers';
import { JobRegistry } from './registry';
import { schedulePurgeNow } from './schedule';
import { TaskEventBus } from './task-events';
import { jobTimings } from './timings';

export interface JobRuntimeOptions {
  db: Db;
  dialect: Dialect;
  config: Config;
  log: FastifyBaseLogger;
  /** Run workers in this process (the API process unless JOB_WORKERS=0; always in `worker`). */
  runWorkers: boolean;
  /** Receive other processes' task events (the API process, which serves the SSE streams). */
  listen: boolean;
  /** Where site builds write (the data directory's `sites/` unless given). */
  siteStore?: SiteStore;
  /** The app's activity feed; a worker-only process gets one of its own (it serves no stream). */
  activity?: ActivityFeed;
}

/** Everything about background jobs one process holds. */
export interface JobRuntime {
  registry: JobRegistry;
  queue: JobQueue;
  events: TaskEventBus;
  /** Undefined when this process runs no workers. */
  workers: JobWorkers | undefined;
  /**
   * Checks the registry, starts listening and the workers, schedules maintenance and starts
   * sweeping this node's clones.
   */
  start(): Promise<void>;
  /** Graceful stop: running jobs go back to the queue; streams are released. */
  stop(): Promise<void>;
}

/**
 * Wires the registry (application kinds registered; tests may add more before `start`), the
 * queue, the event bus and, when asked, the workers.
 */
export function createJobRuntime(options: JobRuntimeOptions): JobRuntime {
  const { db, dialect, config, log } = options;
  const registry = new JobRegistry();
  const events = new TaskEventBus({ db, dialect, databaseUrl: config.databaseUrl, log });
  const queue = new JobQueue({ db, registry, events });
  const activity =
    options.activity ?? new ActivityFeed({ db, dialect, databaseUrl: config.databaseUrl, log });
  registerApplicationJobs(registry, {
    db,
    config,
    log,
    queue,
    activity,
    siteStore: options.siteStore,
  });
  const workers = options.runWorkers
    ? new JobWorkers({
        db,
        dialect,
        registry,
        queue,
        events,
        log,
        concurrency: config.jobConcurrency,
        perUser: config.jobsPerUser,
        timings: jobTimings(config.jobTimings),
      })
    : undefined;
  let started = false;
  let stopSweep: (() => Promise<void>) | undefined;

  return {
    registry,
    queue,
    events,
    workers,
    async start() {
      if (started) return;
      started = true;
      registry.check();
      if (options.listen) await events.listen();
      workers?.start();
      // this node's git clones (the hourly maintenance job runs on one node only)
      stopSweep = startCloneSweep({ db, config, log });
      // Housekeeping must not stop the server from serving; the next start schedules it again.
      await schedulePurgeNow(queue).catch((error: unknown) =>
        log.warn({ err: error }, 'could not schedule the maintenance purge'),
      );
      await queueMissingHeadIndexes({ db, config, log, queue })
        .then((queued) => {
          if (queued > 0) log.info({ queued }, 'queued the indexing of unindexed current commits');
        })
        .catch((error: unknown) =>
          log.warn({ err: error }, 'could not queue the indexing of unindexed current commits'),
        );
    },
    async stop() {
      await workers?.stop();
      await stopSweep?.();
      await events.close();
    },
  };
}
