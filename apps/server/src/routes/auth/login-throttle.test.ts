import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createVerifiedUser, signUpThroughOutbox } from '../../test/accounts';
import { buildApp } from '../../app';
import { createTestApp, testConfig, testDialects } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';

const dialects = await testDialects();

describe.each(dialects)('login answers and throttling on %s', (dialect) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp(dialect);
    await createVerifiedUser(testApp.app, 'known@example.com', 'right password');
    await signUpThroughOutbox(testApp.app, 'unverified@example.com', 'right password');
  });

  afterAll(async () => {
    await testApp?.close();
  });

  beforeEach(async () => {
    // Each test starts with clean counters (sign-up itself counts as a mail request).
    await testApp.app.db.deleteFrom('throttle_events').execute();
  });

  const login = (email: string, password: string, remoteAddress = '10.0.0.1') =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email, password },
      remoteAddress,
    });

  it('answers an unknown address and a wrong password the same way', async () => {
    const unknown = await login('nobody@example.com', 'right password', '10.0.1.1');
    const wrong = await login('known@example.com', 'wrong password', '10.0.1.2');
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json()).toEqual({
      statusCode: 401,
      code: 'unauthorized',
      message: 'Incorrect e-mail or password',
    });
    // An unverified account says so only to someone who knows its password.
    expect((await login('unverified@example.com', 'wrong', '10.0.1.3')).statusCode).toBe(401);
    const unverified = await login('unverified@example.com', 'right password', '10.0.1.3');
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json().code).toBe('email_not_verified');
  });

  it('answers the 11th bad login for one account within a minute with 429 and Retry-After', async () => {
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const response = await login('known@example.com', 'wrong password', `10.0.2.${attempt}`);
      expect(response.statusCode).toBe(401);
    }
    const blocked = await login('known@example.com', 'right password', '10.0.2.99');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('rate_limited');
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);

    // The counters live in the database: once the window has passed, login works again.
    await testApp.app.db
      .updateTable('throttle_events')
      .set({ created_at: new Date(Date.now() - 61_000).toISOString() })
      .execute();
    expect((await login('known@example.com', 'right password', '10.0.2.99')).statusCode).toBe(200);
  });

  it('answers the 11th bad login from one address with 429, whatever the accounts', async () => {
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const response = await login(`user${attempt}@example.com`, 'wrong password', '10.0.3.1');
      expect(response.statusCode).toBe(401);
    }
    const blocked = await login('known@example.com', 'right password', '10.0.3.1');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await login('known@example.com', 'right password', '10.0.3.2')).statusCode).toBe(200);
  });

  it('shares the counters between processes using the same database', async () => {
    const second = await buildApp(testConfig(testApp.database));
    try {
      for (let attempt = 1; attempt <= 10; attempt += 1) {
        const app = attempt % 2 === 0 ? testApp.app : second;
        const response = await app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { email: 'known@example.com', password: 'wrong password' },
          remoteAddress: `10.0.7.${attempt}`,
        });
        expect(response.statusCode).toBe(401);
      }
      const blocked = await second.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: 'known@example.com', password: 'right password' },
        remoteAddress: '10.0.7.50',
      });
      expect(blocked.statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });

  it('throttles reset requests per account and per address, answering 429 with Retry-After', async () => {
    const reset = (email: string, remoteAddress: string) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/v1/auth/password/reset',
        payload: { email },
        remoteAddress,
      });
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await reset('known@example.com', `10.0.4.${attempt}`)).statusCode).toBe(202);
    }
    const perAccount = await reset('known@example.com', '10.0.4.50');
    expect(perAccount.statusCode).toBe(429);
    expect(Number(perAccount.headers['retry-after'])).toBeGreaterThan(0);
    // The same for an address without an account: the throttle reveals nothing.
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await reset('ghost@example.com', `10.0.5.${attempt}`);
    }
    expect((await reset('ghost@example.com', '10.0.5.50')).statusCode).toBe(429);

    for (let attempt = 1; attempt <= 20; attempt += 1) {
      await testApp.app.inject({
        method: 'POST',
        url: '/api/v1/auth/verify/resend',
        payload: { email: `r${attempt}@example.com` },
        remoteAddress: '10.0.6.1',
      });
    }
    const perAddress = await reset('fresh@example.com', '10.0.6.1');
    expect(perAddress.statusCode).toBe(429);
  });
});
