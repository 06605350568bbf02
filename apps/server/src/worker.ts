import { ConfigError, loadConfig } from './config';
import { runWorkerProcess } from './worker-process';

/** `npm run worker`, `node dist/worker.js`: see worker-process.ts. */
async function main(): Promise<void> {
  // `npm run worker` runs in apps/server; npm records where it was invoked in INIT_CWD. Resolving
  // DATA_DIR from there makes `./data` the same folder `npm start` (run from the root) uses.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  await runWorkerProcess(loadConfig());
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
