import { healthResponseSchema } from '@codedocs/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, testDialects } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { APP_VERSION } from '../../version';

const dialects = await testDialects();

describe.each(dialects)('GET /api/health on %s', (dialect) => {
  let testApp: TestApp;

  beforeEach(async () => {
    // No job workers: the degraded case destroys the database under the app, and a polling
    // worker would then fail on its own, outside what this test checks.
    testApp = await createTestApp(dialect, { jobWorkers: false });
  });

  afterEach(async () => {
    await testApp.close();
  });

  it('answers 200 ok with the version and a reachable database', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const body = healthResponseSchema.parse(response.json());
    expect(body).toEqual({
      status: 'ok',
      version: APP_VERSION,
      database: { dialect, reachable: true },
    });
  });

  it('answers 503 degraded when the database is gone', async () => {
    await testApp.app.db.destroy();
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      status: 'degraded',
      version: APP_VERSION,
      database: { dialect, reachable: false },
    });
  });
});
