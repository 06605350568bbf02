import { join } from 'node:path';
import { createTestDatabase } from '@codedocs/db/testing';
import type { TestDatabase } from '@codedocs/db/testing';
import type { Dialect } from '@codedocs/db';
import { buildApp } from '../app';
import type { App } from '../app';
import type { Config } from '../config';

export { testDialects } from '@codedocs/db/testing';

/** A configuration for tests: silent logs, generous limits, no SPA unless a test provides one. */
export function testConfig(database: TestDatabase, overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: database.dataDir,
    databaseUrl: database.databaseUrl,
    appSecret: 'test-secret-that-is-long-enough-for-config',
    publicUrl: 'http://localhost:3000',
    publicUrlConfigured: false,
    sitesOrigin: undefined,
    logLevel: 'silent',
    bodyLimit: 1024 * 1024,
    rateLimitMax: 10_000,
    trustProxy: false,
    webDistDir: join(database.dataDir, 'no-web-build'),
    production: false,
    smtpUrl: undefined,
    mailFrom: 'CodeDocs <no-reply@localhost>',
    mailOutboxPublic: false,
    billing: 'test',
    github: undefined,
    oidc: undefined,
    allowLocalRepos: false,
    allowPrivateNetwork: false,
    gitTimeoutMs: 60_000,
    gitMaxRepoBytes: 256 * 1024 * 1024,
    jobConcurrency: 2,
    jobsPerUser: 1,
    jobWorkers: true,
    // scrypt at N=2^10 instead of 2^17: the same code, a few ms a hash instead of 0.4 s
    passwordHashLog2N: 10,
    ...overrides,
    // a test that names PUBLIC_URL configures it, as the environment variable does
    ...(overrides.publicUrl !== undefined &&
      overrides.publicUrlConfigured === undefined && { publicUrlConfigured: true }),
  };
}

export interface TestApp {
  app: App;
  database: TestDatabase;
  /** Closes the app and drops its database. */
  close(): Promise<void>;
}

/**
 * The real app on a fresh database of the given dialect. Not yet ready: a test may still add
 * routes (e.g. one that throws) before its first `inject`.
 */
export async function createTestApp(
  dialect: Dialect,
  overrides: Partial<Config> = {},
): Promise<TestApp> {
  const database = await createTestDatabase(dialect);
  try {
    const app = await buildApp(testConfig(database, overrides));
    return {
      app,
      database,
      async close() {
        await app.close();
        await database.cleanup();
      },
    };
  } catch (error) {
    await database.cleanup();
    throw error;
  }
}
