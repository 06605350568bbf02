import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

// Playwright evaluates this file in the runner and again in every worker; values that must be
// the same everywhere are fixed once in the environment, which the workers inherit.
process.env.E2E_PORT ??= '43117';
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'codedocs-e2e-'));

const port = Number(process.env.E2E_PORT);
export const baseURL = `http://127.0.0.1:${port}`;

/**
 * End-to-end tests against the production build (`npm run build`), served by the real server on
 * a free port with a temporary DATA_DIR (SQLite). One server is shared by every spec.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '../test-results/e2e-artifacts',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: 'node --enable-source-maps apps/server/dist/server.js',
    cwd: '..',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '100000',
    },
  },
});
