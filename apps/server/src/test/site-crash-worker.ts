// Child process of the site build crash test (jobs/site-build-crash.test.ts): a real worker whose
// site store, with `hang` as argument, writes a few pages of a build and then stops answering
// until the test SIGKILLs the process mid-build; without it, an ordinary restarted worker.
import { createDatabase } from '@codedocs/db';
import { loadConfig } from '../config';
import { createJobRuntime } from '../jobs/job-runtime';
import { createLogger } from '../plugins/logger';
import { localSiteStore, type SiteStore } from '../sites/site-store';
import { FAST_JOB_TIMINGS } from './jobs';

const config = { ...loadConfig(), jobTimings: FAST_JOB_TIMINGS };
const store = localSiteStore(config.dataDir);
const hanging: SiteStore = {
  ...store,
  writer(folderId, buildId) {
    const writer = store.writer(folderId, buildId);
    return {
      ...writer,
      async write(path, data) {
        if (writer.written().length >= 3) await new Promise(() => {});
        await writer.write(path, data);
      },
    };
  },
};
const handle = createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const runtime = createJobRuntime({
  db: handle.db,
  dialect: handle.dialect,
  config,
  log: createLogger(config),
  runWorkers: true,
  listen: false,
  siteStore: process.argv.includes('hang') ? hanging : store,
});
await runtime.start();
