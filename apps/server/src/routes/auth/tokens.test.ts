import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Tokens } from '../../auth/tokens';
import { bearer, createVerifiedUser, signUpThroughOutbox, tokenOf } from '../../test/accounts';
import { createTestApp, testDialects } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';

const dialects = await testDialects();

describe.each(dialects)('session tokens on %s', (dialect) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp(dialect);
  });

  afterAll(async () => {
    await testApp?.close();
  });

  const profile = (token: string) =>
    testApp.app.inject({ method: 'GET', url: '/api/v0/user', headers: bearer(token) });
  const refresh = (token: string) =>
    testApp.app.inject({ method: 'GET', url: '/api/v1/auth/refresh', headers: bearer(token) });

  async function claimsOf(token: string) {
    return testApp.app.tokens.verify('session', token);
  }

  it('refuses forged, expired and wrongly typed tokens with 401', async () => {
    const { token } = await createVerifiedUser(testApp.app, 'forge@example.com');
    const claims = await claimsOf(token);
    const body = { sid: claims.sid, tid: claims.tid, typ: 'session' };

    const none = new UnsecuredJWT(body)
      .setSubject(claims.sub)
      .setIssuer('codedocs')
      .setAudience('codedocs:session')
      .setIssuedAt()
      .setExpirationTime('1h')
      .encode();
    const wrongKey = await new Tokens('another-secret-that-is-long-enough-x').sign(
      'session',
      claims,
    );
    const hs512 = await new SignJWT(body)
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject(claims.sub)
      .setIssuer('codedocs')
      .setAudience('codedocs:session')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new Uint8Array(64));
    const expired = await testApp.app.tokens.sign('session', claims, -10);
    const plan = await testApp.app.tokens.sign('plan', { sub: claims.sub, plan: 'free' });
    const resetAsSession = await testApp.app.tokens.sign('reset', {
      sub: claims.sub,
      jti: claims.tid,
    });
    const verifyLink = await signUpThroughOutbox(testApp.app, 'forge2@example.com');

    for (const forged of [
      none,
      wrongKey,
      hs512,
      expired,
      plan,
      resetAsSession,
      tokenOf(verifyLink),
      `${token}x`,
      'garbage',
    ]) {
      const response = await profile(forged);
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('unauthorized');
    }
    expect((await profile(token)).statusCode).toBe(200);
  });

  it('takes the session only from the Authorization header, never from the jwt cookie', async () => {
    const { token } = await createVerifiedUser(testApp.app, 'cookie@example.com');
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/v0/user',
      cookies: { jwt: token },
    });
    expect(response.statusCode).toBe(401);
  });

  it('stops a token after logout', async () => {
    const { token } = await createVerifiedUser(testApp.app, 'logout@example.com');
    const logout = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: bearer(token),
    });
    expect(logout.statusCode).toBe(204);
    expect((await profile(token)).statusCode).toBe(401);
    expect((await refresh(token)).statusCode).toBe(401);
  });

  it('rotates on refresh: the old token works only for a short grace', async () => {
    const { token } = await createVerifiedUser(testApp.app, 'rotate@example.com');
    const first = await refresh(token);
    expect(first.statusCode).toBe(200);
    const rotated = first.json().token as string;
    expect(rotated).not.toBe(token);
    expect((await claimsOf(rotated)).tid).not.toBe((await claimsOf(token)).tid);

    // A second tab refreshing with the old token within the grace gets the current token id.
    const concurrent = await refresh(token);
    expect(concurrent.statusCode).toBe(200);
    expect((await claimsOf(concurrent.json().token)).tid).toBe((await claimsOf(rotated)).tid);

    // Past the grace the old token is dead, the new one lives.
    const { sid } = await claimsOf(token);
    await testApp.app.db
      .updateTable('sessions')
      .set({ rotated_at: new Date(Date.now() - 31_000).toISOString() })
      .where('id', '=', sid)
      .execute();
    expect((await profile(token)).statusCode).toBe(401);
    expect((await refresh(token)).statusCode).toBe(401);
    expect((await profile(rotated)).statusCode).toBe(200);

    const session = await testApp.app.db
      .selectFrom('sessions')
      .selectAll()
      .where('id', '=', sid)
      .executeTakeFirstOrThrow();
    expect(Date.parse(session.expires_at)).toBeGreaterThan(Date.now() + 13 * 24 * 3600_000);
  });

  it('ends other sessions on password change and answers a fresh one', async () => {
    const { token } = await createVerifiedUser(testApp.app, 'change@example.com', 'first password');
    const login = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'change@example.com', password: 'first password' },
    });
    const other = login.json().token as string;

    const change = (payload: object) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/v1/auth/password/change',
        headers: bearer(token),
        payload,
      });
    const missing = await change({ new_password: 'second password' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().field).toBe('body.current_password');
    const wrong = await change({ current_password: 'nope', new_password: 'second password' });
    expect(wrong.statusCode).toBe(400);

    const changed = await change({
      current_password: 'first password',
      new_password: 'second password',
    });
    expect(changed.statusCode).toBe(200);
    const fresh = changed.json().token as string;
    expect((await profile(token)).statusCode).toBe(401);
    expect((await profile(other)).statusCode).toBe(401);
    expect((await profile(fresh)).statusCode).toBe(200);
  });
});
