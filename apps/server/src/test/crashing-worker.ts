// Child process of the crash test (jobs/crash-recovery.test.ts): a worker with one test-only kind
// that reports half its progress and then hangs until the test SIGKILLs the process mid-job.
import { createDatabase } from '@codedocs/db';
import { loadConfig } from '../config';
import { createJobRuntime } from '../jobs/job-runtime';
import { createLogger } from '../plugins/logger';
import { FAST_JOB_TIMINGS, testJob } from './jobs';

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
runtime.registry.register(testJob('test.crash'), async ({ reportProgress }) => {
  await reportProgress(1, 2, 'half way');
  await new Promise(() => {});
});
await runtime.start();
