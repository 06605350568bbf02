import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'db',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // better-sqlite3 is a native addon; separate processes keep each suite's handle isolated.
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
