import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../../mail/outbox-mailer';
import { createTestApp, testDialects } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';

const [dialect = 'sqlite'] = await testDialects();

/**
 * Without PUBLIC_URL, links in mails use the address the person opened when it is this machine
 * (127.0.0.1 or localhost on any port), so a link opens where their session is; any other Host
 * header (forgeable) gets PUBLIC_URL's default, never itself.
 */
describe('links in mails', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp(dialect);
  });

  afterAll(async () => {
    await testApp?.close();
  });

  const linkFor = async (email: string, host: string) => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      headers: { host },
      payload: { email, password: 'a long password', name: 'Ada' },
    });
    expect(response.statusCode).toBe(202);
    const mail = (await readOutbox(testApp.app.config.dataDir)).find((m) => m.to === email);
    return mail?.links[0] ?? '';
  };

  it('use the loopback address the person opened', async () => {
    expect(await linkFor('a@example.com', '127.0.0.1:43117')).toMatch(
      /^http:\/\/127\.0\.0\.1:43117\/auth\/verify\?token=/,
    );
    expect(await linkFor('b@example.com', 'LOCALHOST:3000')).toMatch(
      /^http:\/\/localhost:3000\/auth\/verify\?token=/,
    );
  });

  it('never use another Host header', async () => {
    for (const [email, host] of [
      ['c@example.com', 'evil.example'],
      ['d@example.com', '127.0.0.1.evil.example:3000'],
      ['e@example.com', 'localhost@evil.example'],
    ] as const) {
      expect(await linkFor(email, host)).toMatch(/^http:\/\/localhost:3000\/auth\/verify\?token=/);
    }
  });
});

describe('links in mails with PUBLIC_URL', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, { publicUrl: 'https://docs.example.com' });
  });

  afterAll(async () => {
    await testApp?.close();
  });

  it('always use PUBLIC_URL', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      headers: { host: '127.0.0.1:3000' },
      payload: { email: 'f@example.com', password: 'a long password', name: 'Ada' },
    });
    expect(response.statusCode).toBe(202);
    const mail = (await readOutbox(testApp.app.config.dataDir)).find(
      (m) => m.to === 'f@example.com',
    );
    expect(mail?.links[0]).toMatch(/^https:\/\/docs\.example\.com\/auth\/verify\?token=/);
  });
});
