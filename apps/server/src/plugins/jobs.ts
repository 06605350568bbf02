import { closeParsePool } from '../services/livedocs/parse-pool';
import fp from 'fastify-plugin';
import { createJobRuntime } from '../jobs/job-runtime';
import type { JobRuntime } from '../jobs/job-runtime';

declare module 'fastify' {
  interface FastifyInstance {
    /** Background jobs: `jobs.queue.enqueue(…)`, `jobs.events.subscribe(…)`. */
    jobs: JobRuntime;
  }
}

/**
 * Background jobs in the API process: the queue always, workers unless JOB_WORKERS=0. They start
 * when the app is ready (so tests can register extra kinds first) and stop before the database
 * closes, handing running jobs back to the queue.
 */
export const jobsPlugin = fp(
  async (app) => {
    const runtime = createJobRuntime({
      db: app.db,
      dialect: app.dbDialect,
      config: app.config,
      log: app.log,
      runWorkers: app.config.jobWorkers,
      listen: true,
      activity: app.activity,
    });
    app.decorate('jobs', runtime);
    app.addHook('onReady', () => runtime.start());
    app.addHook('preClose', () => runtime.stop());
    // parser threads started by indexing; after the workers stopped nothing uses them
    app.addHook('onClose', () => closeParsePool());
  },
  { name: 'jobs', dependencies: ['db', 'activity'] },
);
