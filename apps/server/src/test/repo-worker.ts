// Child process of the connect crash test (routes/repo/connect-crash.test.ts): a worker-only
// process with the application's job kinds and fast queue clocks, killed by the test mid-clone.
import { createDatabase } from '@codedocs/db';
import { loadConfig } from '../config';
import { createJobRuntime } from '../jobs/job-runtime';
import { createLogger } from '../plugins/logger';
import { FAST_JOB_TIMINGS } from './jobs';

const config = { ...loadConfig(), jobTimings: FAST_JOB_TIMINGS };
const handle = createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const runtime = createJobRuntime({
  db: handle.db,
  dialect: handle.dialect,
  config,
  log: createLogger(config),
  runWorkers: true,
  listen: false,
});
await runtime.start();
process.once('SIGTERM', () => {
  void runtime
    .stop()
    .then(() => handle.destroy())
    .finally(() => process.exit(0));
});
