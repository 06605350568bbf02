import { ConfigError, loadConfig } from './config';
import { runServerProcess } from './server-process';

/** Process entry point (`npm start`, `npm run dev`, `node dist/server.js`): see server-process.ts. */
async function main(): Promise<void> {
  await runServerProcess(loadConfig());
}

main().catch((error: unknown) => {
  // A bad environment is the operator's to fix: show the list, not a stack trace.
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
