import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, testDialects } from '../test/test-app';
import type { TestApp } from '../test/test-app';

const dialects = await testDialects();

const EXPECTED_CSP =
  "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;" +
  "font-src 'self' data:;connect-src 'self';object-src 'none';base-uri 'self';form-action 'self';" +
  "frame-ancestors 'none'";

describe.each(dialects)('security headers on %s', (dialect) => {
  let testApp: TestApp | undefined;

  afterEach(async () => {
    await testApp?.close();
    testApp = undefined;
  });

  it('sends the CSP and nosniff on API answers, errors and pages, and no HSTS over http', async () => {
    testApp = await createTestApp(dialect);
    for (const [url, accept] of [
      ['/api/health', 'application/json'],
      ['/api/nope', 'application/json'],
      ['/app/dashboard', 'text/html'],
    ] as const) {
      const response = await testApp.app.inject({ method: 'GET', url, headers: { accept } });
      expect(response.headers['content-security-policy'], url).toBe(EXPECTED_CSP);
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('adds HSTS when PUBLIC_URL is https', async () => {
    testApp = await createTestApp(dialect, { publicUrl: 'https://docs.example.com' });
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
  });
});
