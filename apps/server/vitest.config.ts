import { defineConfig } from 'vitest/config';
import { TEST_WORKERS } from '../../vitest.workers.ts';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // better-sqlite3 is a native addon: suites run in child processes, not worker threads.
    pool: 'forks',
    // A worker process runs file after file without importing the app afresh for each (which
    // cost about 2 s of CPU a file, 170 s a run). Each suite builds its own app on its own
    // database and closes it; a suite that changes process-wide state (environment variables,
    // fake timers) puts it back after itself.
    isolate: false,
    // the same as the root config's (Vitest refuses projects of one run with different counts)
    maxWorkers: TEST_WORKERS,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
