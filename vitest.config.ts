import { defineConfig } from 'vitest/config';
import { TEST_WORKERS } from './vitest.workers.ts';

// One `vitest run` at the root runs every workspace's suite in parallel; each workspace keeps
// its own vitest config (environment, setup files, timeouts).
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*'],
    maxWorkers: TEST_WORKERS,
  },
});
