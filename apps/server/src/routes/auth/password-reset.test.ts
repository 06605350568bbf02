import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, tokenOf } from '../../test/accounts';
import { linkIn, startSmtpSink } from '../../test/smtp-sink';
import type { SmtpSink } from '../../test/smtp-sink';
import { createTestApp, testDialects } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';

const dialects = await testDialects();
const PUBLIC_URL = 'http://docs.test:3000';

describe.each(dialects)('password reset over SMTP on %s', (dialect) => {
  let testApp: TestApp;
  let smtp: SmtpSink;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    testApp = await createTestApp(dialect, { smtpUrl: smtp.url, publicUrl: PUBLIC_URL });
  });

  afterAll(async () => {
    await testApp?.close();
    await smtp?.close();
  });

  const inject = (method: 'GET' | 'POST', url: string, payload?: object, token?: string) =>
    testApp.app.inject({ method, url, payload, headers: token ? bearer(token) : {} });

  it('mails a single-use link that sets the password and ends every session', async () => {
    // Sign up through SMTP: open the link from the received mail.
    await inject('POST', '/api/v1/auth/signup', {
      email: 'reset@example.com',
      password: 'old password 1',
      name: 'Reset',
    });
    const verifyMail = await smtp.waitFor('reset@example.com', /Confirm/);
    const verified = await inject('POST', '/api/v1/auth/verify', {
      token: tokenOf(linkIn(verifyMail.text, `${PUBLIC_URL}/auth/verify?token=`)),
    });
    const session = verified.json().token as string;

    const requested = await inject('POST', '/api/v1/auth/password/reset', {
      email: 'reset@example.com',
    });
    expect(requested.statusCode).toBe(202);
    const mail = await smtp.waitFor('reset@example.com', /Reset your CodeDocs password/);
    const link = linkIn(mail.text, `${PUBLIC_URL}/auth/setpassword?token=`);
    expect(mail.html).toContain(`href="${link}"`);

    const set = await inject('POST', '/api/v1/auth/password/set', {
      token: tokenOf(link),
      password: 'new password 2',
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().message).toEqual(expect.any(String));

    expect((await inject('GET', '/api/v1/auth/refresh', undefined, session)).statusCode).toBe(401);
    const reused = await inject('POST', '/api/v1/auth/password/set', {
      token: tokenOf(link),
      password: 'third password 3',
    });
    expect(reused.statusCode).toBe(400);

    const oldLogin = await inject('POST', '/api/v1/auth/login', {
      email: 'reset@example.com',
      password: 'old password 1',
    });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await inject('POST', '/api/v1/auth/login', {
      email: 'reset@example.com',
      password: 'new password 2',
    });
    expect(newLogin.statusCode).toBe(200);
  });

  it('answers 202 for unknown addresses and mails nothing', async () => {
    const before = smtp.received.length;
    const known = await inject('POST', '/api/v1/auth/password/reset', {
      email: 'reset@example.com',
    });
    const unknown = await inject('POST', '/api/v1/auth/password/reset', {
      email: 'ghost@example.com',
    });
    expect(unknown.statusCode).toBe(202);
    expect(unknown.json()).toEqual(known.json());
    await smtp.waitFor('reset@example.com', /Reset/);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.received.slice(before).some((mail) => mail.to.includes('ghost@example.com'))).toBe(
      false,
    );
  });

  it('lets only the newest reset link work', async () => {
    await inject('POST', '/api/v1/auth/signup', {
      email: 'twice@example.com',
      password: 'old password 1',
      name: 'Twice',
    });
    await smtp.waitFor('twice@example.com', /Confirm/);
    smtp.received.splice(0, smtp.received.length);
    await inject('POST', '/api/v1/auth/password/reset', { email: 'twice@example.com' });
    await inject('POST', '/api/v1/auth/password/reset', { email: 'twice@example.com' });
    await expect
      .poll(() => smtp.received.filter((mail) => mail.to.includes('twice@example.com')).length)
      .toBe(2);
    const [older, newer] = smtp.received
      .filter((mail) => mail.to.includes('twice@example.com'))
      .map((mail) => tokenOf(linkIn(mail.text, `${PUBLIC_URL}/auth/setpassword?token=`)));
    const stale = await inject('POST', '/api/v1/auth/password/set', {
      token: older,
      password: 'whatever 1234',
    });
    expect(stale.statusCode).toBe(400);
    const fresh = await inject('POST', '/api/v1/auth/password/set', {
      token: newer,
      password: 'whatever 1234',
    });
    expect(fresh.statusCode).toBe(200);
  });
});
