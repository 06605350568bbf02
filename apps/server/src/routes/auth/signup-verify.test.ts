import { sessionResponseSchema } from '@codedocs/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, tokenOf } from '../../test/accounts';
import { linkIn, startSmtpSink } from '../../test/smtp-sink';
import type { SmtpSink } from '../../test/smtp-sink';
import { createTestApp, testDialects } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';

const dialects = await testDialects();
const PUBLIC_URL = 'http://docs.test:3000';

describe.each(dialects)('sign-up and e-mail verification over SMTP on %s', (dialect) => {
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

  const signup = (email: string, password = 'correct horse battery', name = 'Ada <b>') =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: { email, password, name },
    });

  it('mails a verification link that starts a session once, and then allows login', async () => {
    const response = await signup('Ada@Example.com');
    expect(response.statusCode).toBe(202);

    const mail = await smtp.waitFor('ada@example.com', /Confirm your e-mail/);
    const link = linkIn(mail.text, `${PUBLIC_URL}/auth/verify?token=`);
    expect(mail.html).toContain(`href="${link}"`);
    // The name is user data: escaped in the HTML part.
    expect(mail.html).toContain('Hello Ada &lt;b&gt;,');
    expect(mail.html).not.toContain('<b>,');
    expect(mail.text).toContain('Hello Ada <b>,');

    const before = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'ada@example.com', password: 'correct horse battery' },
    });
    expect(before.statusCode).toBe(403);
    expect(before.json().code).toBe('email_not_verified');

    const verified = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/auth/verify',
      payload: { token: tokenOf(link) },
    });
    expect(verified.statusCode).toBe(200);
    const session = sessionResponseSchema.parse(verified.json());
    expect(session.user).toMatchObject({
      email: 'ada@example.com',
      name: 'Ada <b>',
      email_verified: true,
      login_method: 'password',
    });
    const profile = await testApp.app.inject({
      method: 'GET',
      url: '/api/v0/user',
      headers: bearer(session.token),
    });
    expect(profile.statusCode).toBe(200);

    const again = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/auth/verify',
      payload: { token: tokenOf(link) },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'bad_request', field: 'body.token' });

    const login = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'ADA@example.com', password: 'correct horse battery' },
    });
    expect(login.statusCode).toBe(200);
    expect(sessionResponseSchema.parse(login.json()).user.email).toBe('ada@example.com');
  });

  it('answers a known address exactly like a new one and mails its owner instead', async () => {
    const first = await signup('grace@example.com');
    await smtp.waitFor('grace@example.com', /Confirm your e-mail/);
    const second = await signup('grace@example.com', 'another password!', 'Mallory');
    expect(second.statusCode).toBe(first.statusCode);
    expect(second.json()).toEqual(first.json());
    const warning = await smtp.waitFor('grace@example.com', /Someone tried to sign up/);
    expect(warning.text).toContain(`${PUBLIC_URL}/auth/login`);
    expect(warning.html).toContain('<a href=');
  });

  it('resends a verification link for an unverified account only, answering 202 always', async () => {
    await signup('resend@example.com');
    await smtp.waitFor('resend@example.com', /Confirm your e-mail/);
    const count = () =>
      smtp.received.filter((mail) => mail.to.includes('resend@example.com')).length;
    const known = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/auth/verify/resend',
      payload: { email: 'resend@example.com' },
    });
    const unknown = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/auth/verify/resend',
      payload: { email: 'nobody@example.com' },
    });
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(unknown.json()).toEqual(known.json());
    await expect.poll(count).toBe(2);

    // The older link stops working once a new one is sent.
    const [older, newer] = smtp.received
      .filter((mail) => mail.to.includes('resend@example.com'))
      .map((mail) => tokenOf(linkIn(mail.text, `${PUBLIC_URL}/auth/verify?token=`)));
    const stale = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/auth/verify',
      payload: { token: older },
    });
    expect(stale.statusCode).toBe(400);
    const fresh = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/auth/verify',
      payload: { token: newer },
    });
    expect(fresh.statusCode).toBe(200);
  });

  it('rejects a short password and a malformed address with the field named', async () => {
    const short = await signup('short@example.com', 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json().field).toBe('body.password');
    const bad = await signup('not-an-address');
    expect(bad.json().field).toBe('body.email');
  });
});
