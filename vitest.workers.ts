import { availableParallelism } from 'node:os';

/**
 * Test files run at once, by the root config and apps/server's own (the Node matrix runs that
 * one). Vitest's default, one less than the cores, is a single worker on a 2-core CI machine,
 * while many suites spend much of their time waiting (child processes, git, PostgreSQL, timers):
 * one more worker than cores keeps both busy. VITEST_MAX_WORKERS overrides it.
 */
export const TEST_WORKERS =
  Number(process.env.VITEST_MAX_WORKERS) || Math.max(2, availableParallelism() + 1);
