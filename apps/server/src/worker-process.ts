import { closeParsePool } from './services/livedocs/parse-pool';
import closeWithGrace from 'close-with-grace';
import { createDatabase, migrateToLatest } from '@codedocs/db';
import { gitChildren, reapStaleGitChildren } from './git/index';
import { gitRunDirectory } from './plugins/git-children';
import type { Config } from './config';
import { createJobRuntime } from './jobs/job-runtime';
import { createLogger } from './plugins/logger';

/** How long running jobs get to hand themselves back after SIGTERM/SIGINT. */
const SHUTDOWN_GRACE_MS = 10_000;

/**
 * Worker-only process (`npm run worker`): runs background jobs from the shared queue without
 * serving HTTP. Made for PostgreSQL, where any number of these and of API processes share the
 * jobs table; on SQLite it works too, but the embedded default is one process doing both.
 */
export async function runWorkerProcess(config: Config): Promise<void> {
  const log = createLogger(config);
  const handle = createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const applied = await migrateToLatest(handle.db, handle.dialect);
  if (applied.length > 0) log.info({ migrations: applied }, 'database migrated');
  const runDir = gitRunDirectory(config.dataDir);
  const reaped = reapStaleGitChildren(runDir);
  if (reaped.length > 0) log.warn({ pgids: reaped }, 'killed git left by a previous server');
  gitChildren.recordIn(runDir);
  const runtime = createJobRuntime({
    db: handle.db,
    dialect: handle.dialect,
    config,
    log,
    runWorkers: true,
    listen: false,
  });

  closeWithGrace({ delay: SHUTDOWN_GRACE_MS }, async ({ signal, err }) => {
    if (err) log.error({ err }, 'worker stopping after an unexpected error');
    else log.info({ signal }, 'worker stopping');
    await runtime.stop();
    gitChildren.killAll();
    await closeParsePool();
    await handle.destroy();
  });

  await runtime.start();
  log.info(
    {
      workerId: runtime.workers?.workerId,
      concurrency: config.jobConcurrency,
      perUser: config.jobsPerUser,
    },
    'job worker started',
  );
}
