import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpThroughOutbox } from '../../test/accounts';
import { createTestApp, testDialects } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';

const [dialect = 'sqlite'] = await testDialects();

describe('the development outbox', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, { publicUrl: 'http://localhost:3000' });
    await signUpThroughOutbox(testApp.app, 'first@example.com', 'a long password', 'First');
    await signUpThroughOutbox(
      testApp.app,
      'second@example.com',
      'a long password',
      '<i>Second</i>',
    );
  });

  afterAll(async () => {
    await testApp?.close();
  });

  it('lists mails newest first with subject, recipient, time and clickable links on loopback', async () => {
    const json = await testApp.app.inject({ method: 'GET', url: '/api/dev/outbox.json' });
    expect(json.statusCode).toBe(200);
    const { messages } = json.json();
    expect(messages.map((message: { to: string }) => message.to)).toEqual([
      'second@example.com',
      'first@example.com',
    ]);
    expect(messages[0].links[0]).toMatch(/^http:\/\/localhost:3000\/auth\/verify\?token=/);

    const page = await testApp.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('second@example.com');
    expect(page.body).toContain('Confirm your e-mail address for CodeDocs');
    expect(page.body).toContain(`<a href="${messages[0].links[0]}">`);
    expect(page.body).not.toContain('<i>Second</i>');
    expect(page.body.indexOf('second@example.com')).toBeLessThan(
      page.body.indexOf('first@example.com'),
    );
  });

  it('writes each mail as JSON and .eml under DATA_DIR/outbox', async () => {
    const { readdir } = await import('node:fs/promises');
    const files = await readdir(`${testApp.app.config.dataDir}/outbox`);
    expect(files.filter((file) => file.endsWith('.json'))).toHaveLength(2);
    expect(files.filter((file) => file.endsWith('.eml'))).toHaveLength(2);
  });

  it('answers 404 to a client that is not on this machine', async () => {
    for (const url of ['/api/dev/outbox', '/api/dev/outbox.json']) {
      const response = await testApp.app.inject({
        method: 'GET',
        url,
        remoteAddress: '192.168.1.20',
      });
      expect(response.statusCode).toBe(404);
    }
    const ipv6 = await testApp.app.inject({
      method: 'GET',
      url: '/api/dev/outbox',
      remoteAddress: '::1',
    });
    expect(ipv6.statusCode).toBe(200);
  });
});

describe('the development outbox behind a reverse proxy on this machine', () => {
  it('sees the forwarded client when TRUST_PROXY names the proxy', async () => {
    const testApp = await createTestApp(dialect, { trustProxy: ['127.0.0.1'] });
    try {
      const via = (client: string) =>
        testApp.app.inject({
          method: 'GET',
          url: '/api/dev/outbox',
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': client },
        });
      expect((await via('203.0.113.5')).statusCode).toBe(404);
      expect((await via('127.0.0.1')).statusCode).toBe(200);
    } finally {
      await testApp.close();
    }
  });
});

describe('the development outbox with MAIL_OUTBOX_PUBLIC=1', () => {
  it('answers any client', async () => {
    const testApp = await createTestApp(dialect, { mailOutboxPublic: true });
    try {
      const response = await testApp.app.inject({
        method: 'GET',
        url: '/api/dev/outbox.json',
        remoteAddress: '192.168.1.20',
      });
      expect(response.statusCode).toBe(200);
    } finally {
      await testApp.close();
    }
  });
});

describe('with SMTP_URL set', () => {
  it('has no outbox page', async () => {
    const testApp = await createTestApp(dialect, { smtpUrl: 'smtp://127.0.0.1:1' });
    try {
      const response = await testApp.app.inject({ method: 'GET', url: '/api/dev/outbox' });
      expect(response.statusCode).toBe(404);
      const config = await testApp.app.inject({ method: 'GET', url: '/api/v1/auth/config' });
      expect(config.json().mail_outbox).toBe(false);
    } finally {
      await testApp.close();
    }
  });
});
