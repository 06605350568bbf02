import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser } from '../../test/accounts';
import { createTestApp, testDialects } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';

const dialects = await testDialects();

/**
 * Every route that changes state for a signed-in user (and refresh, which rotates the token).
 * The SPA must send the jwt cookie's value as a bearer header; the cookie alone is no login.
 */
const STATE_CHANGING_ROUTES: {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: string;
  payload?: object;
}[] = [
  { method: 'GET', url: '/api/v1/auth/refresh' },
  { method: 'POST', url: '/api/v1/auth/logout' },
  {
    method: 'POST',
    url: '/api/v1/auth/password/change',
    payload: { current_password: 'correct horse battery', new_password: 'another password' },
  },
  { method: 'DELETE', url: '/api/v1/auth/sessions/SESSION' },
  { method: 'PATCH', url: '/api/v0/user', payload: { name: 'Changed' } },
  { method: 'DELETE', url: '/api/v0/user' },
  { method: 'GET', url: '/api/v2/payments/subscription' },
];

describe.each(dialects)('a jwt cookie without an Authorization header on %s', (dialect) => {
  let testApp: TestApp;
  let token: string;
  let sessionId: string;

  beforeAll(async () => {
    testApp = await createTestApp(dialect);
    ({ token } = await createVerifiedUser(testApp.app, 'cookie-only@example.com'));
    sessionId = (await testApp.app.tokens.verify('session', token)).sid;
  });

  afterAll(async () => {
    await testApp?.close();
  });

  it.each(STATE_CHANGING_ROUTES)('$method $url answers 401 and changes nothing', async (route) => {
    const response = await testApp.app.inject({
      method: route.method,
      url: route.url.replace('SESSION', sessionId),
      cookies: { jwt: token },
      ...(route.payload && { payload: route.payload }),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('unauthorized');

    const profile = await testApp.app.inject({
      method: 'GET',
      url: '/api/v0/user',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().name).toBe('Ada');
  });
});
