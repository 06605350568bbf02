import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects } from '../test/test-app';
import type { TestApp } from '../test/test-app';

const dialects = await testDialects();

describe.each(dialects)('rate limit on %s', (dialect) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, { rateLimitMax: 2 });
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('answers 429 with Retry-After once RATE_LIMIT_MAX requests were made this minute', async () => {
    const get = () => testApp.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect((await get()).statusCode).toBe(200);
    expect((await get()).statusCode).toBe(200);
    const limited = await get();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({ statusCode: 429, code: 'rate_limited' });
    expect(limited.json().message).toMatch(/^Too many requests, retry in /);
  });

  it('counts unknown routes too', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/nope' });
    expect(response.statusCode).toBe(429);
  });

  it('counts each forwarded client apart only behind a trusted proxy (TRUST_PROXY)', async () => {
    const behindProxy = await createTestApp(dialect, {
      rateLimitMax: 1,
      trustProxy: ['127.0.0.1'],
    });
    try {
      const from = (client: string, remoteAddress = '127.0.0.1') =>
        behindProxy.app.inject({
          method: 'GET',
          url: '/api/openapi.json',
          remoteAddress,
          headers: { 'x-forwarded-for': client },
        });
      expect((await from('203.0.113.1')).statusCode).toBe(200);
      expect((await from('203.0.113.2')).statusCode).toBe(200);
      expect((await from('203.0.113.1')).statusCode).toBe(429);
      // An untrusted peer cannot pick its own address with the header.
      expect((await from('203.0.113.3', '198.51.100.7')).statusCode).toBe(200);
      expect((await from('203.0.113.4', '198.51.100.7')).statusCode).toBe(429);
    } finally {
      await behindProxy.close();
    }
  });

  it('never limits the health check', async () => {
    for (let i = 0; i < 5; i += 1) {
      const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(200);
    }
  });
});
