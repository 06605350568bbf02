import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

// Playwright evaluates this file in the runner and again in every worker; values that must be
// the same everywhere are fixed once in the environment, which the workers inherit.
process.env.E2E_PORT ??= '43117';
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'codedocs-e2e-'));
// Bare repositories the specs create and the e2e git daemon serves (beside, not inside, DATA_DIR).
process.env.E2E_GIT_DIR ??= `${process.env.E2E_DATA_DIR}-git`;

const port = Number(process.env.E2E_PORT);
export const baseURL = `http://127.0.0.1:${port}`;

export const oidcIssuer = `http://127.0.0.1:${port + 1}`;

/** The git daemon of e2e/serve.mjs: `git://127.0.0.1:<port + 2>/<name>` serves E2E_GIT_DIR/<name>. */
export const gitDaemonUrl = `git://127.0.0.1:${port + 2}`;
export const gitDir = process.env.E2E_GIT_DIR;

/**
 * End-to-end tests against the production build (`npm run build`), served by the real server on
 * a fixed port with a temporary DATA_DIR (SQLite), mails in its outbox, and a real OpenID Connect
 * provider beside it. One server is shared by every spec.
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
  globalTeardown: './global-teardown.ts',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: {
    // The app's production build plus a local OpenID Connect provider on E2E_PORT + 1.
    command: 'node e2e/serve.mjs',
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
      E2E_GIT_DIR: process.env.E2E_GIT_DIR,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '100000',
    },
  },
});
