import { oauthCallbackResponseSchema } from '@codedocs/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createVerifiedUser, signUpThroughOutbox } from '../../test/accounts';
import { loginAtProvider, startOidcProvider } from '../../test/oidc-provider';
import type { OidcTestProvider } from '../../test/oidc-provider';
import { createTestApp, testDialects } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';

const dialects = await testDialects();
const PUBLIC_URL = 'http://localhost:3000';
const REDIRECT_URI = `${PUBLIC_URL}/auth/callback?provider=oidc`;

describe.each(dialects)('OpenID Connect login against a real provider on %s', (dialect) => {
  let testApp: TestApp;
  let provider: OidcTestProvider;

  beforeAll(async () => {
    provider = await startOidcProvider(REDIRECT_URI);
    testApp = await createTestApp(dialect, {
      publicUrl: PUBLIC_URL,
      oidc: {
        issuer: provider.issuer,
        clientId: provider.clientId,
        clientSecret: provider.clientSecret,
        name: 'Test SSO',
      },
    });
  });

  afterAll(async () => {
    await testApp?.close();
    await provider?.close();
  });

  /** authorize → provider login and consent → the SPA's callback call. */
  async function signIn(login: string, next = '/app/files') {
    const authorize = await testApp.app.inject({
      method: 'GET',
      url: `/api/v1/oauth/oidc/authorize?next=${encodeURIComponent(next)}`,
    });
    expect(authorize.statusCode).toBe(302);
    const location = String(authorize.headers.location);
    const stateCookie = authorize.cookies.find((cookie) => cookie.name === 'oauth_state');
    const callbackUrl = await loginAtProvider(location, login, REDIRECT_URI);
    return { location, stateCookie, callbackUrl };
  }

  function callback(callbackUrl: URL, stateCookie: string | undefined, overrides: object = {}) {
    return testApp.app.inject({
      method: 'POST',
      url: '/api/v1/oauth/oidc/callback',
      cookies: stateCookie ? { oauth_state: stateCookie } : {},
      payload: {
        code: callbackUrl.searchParams.get('code'),
        state: callbackUrl.searchParams.get('state'),
        ...overrides,
      },
    });
  }

  it('redirects with state, PKCE S256 and a nonce kept in a short-lived http-only cookie', async () => {
    provider.accounts.set('newcomer', {
      email: 'Newcomer@Example.com',
      emailVerified: true,
      name: 'New Comer',
    });
    const { location, stateCookie, callbackUrl } = await signIn('newcomer');
    const url = new URL(location);
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(stateCookie).toMatchObject({
      path: '/api/v1/oauth',
      httpOnly: true,
      sameSite: 'Lax',
      maxAge: 600,
    });
    expect(stateCookie?.secure).toBeFalsy();
    expect(callbackUrl.searchParams.get('state')).toBe(url.searchParams.get('state'));

    const response = await callback(callbackUrl, stateCookie?.value);
    expect(response.statusCode).toBe(200);
    const body = oauthCallbackResponseSchema.parse(response.json());
    expect(body.next).toBe('/app/files');
    expect(body.user).toMatchObject({
      email: 'newcomer@example.com',
      name: 'New Comer',
      email_verified: true,
      login_method: 'oidc',
    });
    const profile = await testApp.app.inject({
      method: 'GET',
      url: '/api/v0/user',
      headers: bearer(body.token),
    });
    expect(profile.json()).toMatchObject({ email: 'newcomer@example.com', login_method: 'oidc' });
    const methods = await testApp.app.inject({
      method: 'GET',
      url: '/api/v1/auth/methods',
      headers: bearer(body.token),
    });
    expect(methods.json()).toEqual({
      password: false,
      oauth: [{ provider: 'oidc', linked_at: expect.any(String) }],
    });

    // The code is single use.
    expect((await callback(callbackUrl, stateCookie?.value)).statusCode).toBe(401);

    // Signing in again finds the same user by (provider, subject).
    const again = await signIn('newcomer');
    const second = await callback(again.callbackUrl, again.stateCookie?.value);
    expect(second.json().user.id).toBe(body.user.id);
  });

  it('links to an existing account with the same verified address', async () => {
    const existing = await createVerifiedUser(testApp.app, 'linked@example.com');
    provider.accounts.set('linked', {
      email: 'linked@example.com',
      emailVerified: true,
      name: 'Linked',
    });
    const { stateCookie, callbackUrl } = await signIn('linked');
    const response = await callback(callbackUrl, stateCookie?.value);
    expect(response.json().user.id).toBe(existing.user.id);
    const methods = await testApp.app.inject({
      method: 'GET',
      url: '/api/v1/auth/methods',
      headers: bearer(existing.token),
    });
    expect(methods.json()).toMatchObject({ password: true, oauth: [{ provider: 'oidc' }] });
  });

  it('takes over an unconfirmed sign-up by dropping the password someone else may have set', async () => {
    await signUpThroughOutbox(testApp.app, 'squatted@example.com', 'attacker password');
    provider.accounts.set('owner', {
      email: 'squatted@example.com',
      emailVerified: true,
      name: 'Owner',
    });
    const { stateCookie, callbackUrl } = await signIn('owner');
    expect((await callback(callbackUrl, stateCookie?.value)).statusCode).toBe(200);
    const login = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'squatted@example.com', password: 'attacker password' },
    });
    expect(login.statusCode).toBe(401);
  });

  it('refuses an unverified provider address, a missing or foreign state, and unknown providers', async () => {
    provider.accounts.set('unverified', {
      email: 'unverified@example.com',
      emailVerified: false,
      name: 'U',
    });
    const unverified = await signIn('unverified');
    const refused = await callback(unverified.callbackUrl, unverified.stateCookie?.value);
    expect(refused.statusCode).toBe(400);

    provider.accounts.set('state', { email: 'state@example.com', emailVerified: true, name: 'S' });
    const flow = await signIn('state');
    expect((await callback(flow.callbackUrl, undefined)).statusCode).toBe(400);
    const other = await signIn('state');
    const mismatched = await callback(flow.callbackUrl, other.stateCookie?.value);
    expect(mismatched.statusCode).toBe(400);
    expect(mismatched.json().field).toBe('body.state');

    expect(
      (await testApp.app.inject({ method: 'GET', url: '/api/v1/oauth/github/authorize' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await testApp.app.inject({ method: 'GET', url: '/api/v1/oauth/nope/authorize' })).statusCode,
    ).toBe(404);
    const unknownCallback = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/oauth/github/callback',
      payload: { code: 'x', state: 'y' },
    });
    expect(unknownCallback.statusCode).toBe(404);
  });

  it('never follows a next path to another origin', async () => {
    const authorize = await testApp.app.inject({
      method: 'GET',
      url: `/api/v1/oauth/oidc/authorize?next=${encodeURIComponent('//evil.example.com')}`,
    });
    const cookie = authorize.cookies.find((one) => one.name === 'oauth_state');
    const claims = await testApp.app.tokens.verify('oauth-state', cookie?.value ?? '');
    expect(claims.next).toBe('/app');
  });
});
