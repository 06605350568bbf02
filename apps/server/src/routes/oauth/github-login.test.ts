import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';

const [dialect = 'sqlite'] = await testDialects();
const PUBLIC_URL = 'https://docs.example.com';

/**
 * A stand-in for github.com and api.github.com (GITHUB_BASE_URL / GITHUB_API_URL): it issues a
 * code for the PKCE challenge it was given and checks verifier, secret and redirect URI on
 * exchange, like GitHub does.
 */
function startFakeGithub(emails: { email: string; primary: boolean; verified: boolean }[]) {
  const pending = new Map<string, { challenge: string; redirectUri: string }>();
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (url.pathname === '/login/oauth/access_token' && request.method === 'POST') {
      let raw = '';
      request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      request.on('end', async () => {
        const form = new URLSearchParams(raw);
        const grant = pending.get(form.get('code') ?? '');
        const verifier = form.get('code_verifier') ?? '';
        const digest = Buffer.from(
          await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)),
        ).toString('base64url');
        const ok =
          grant &&
          grant.challenge === digest &&
          grant.redirectUri === form.get('redirect_uri') &&
          form.get('client_secret') === 'gh-secret';
        pending.delete(form.get('code') ?? '');
        json(
          200,
          ok
            ? { access_token: 'gho_token', token_type: 'bearer' }
            : { error: 'bad_verification_code' },
        );
      });
      return;
    }
    if (request.headers.authorization !== 'Bearer gho_token')
      return json(401, { message: 'Bad credentials' });
    if (url.pathname === '/api/user') return json(200, { id: 4242, login: 'octo', name: null });
    if (url.pathname === '/api/user/emails') return json(200, emails);
    json(404, {});
  });
  return {
    server,
    /** What github.com's authorize page would do after the user clicks "Authorize". */
    authorize(location: URL): string {
      const code = `code-${pending.size + 1}-${Date.now()}`;
      pending.set(code, {
        challenge: location.searchParams.get('code_challenge') ?? '',
        redirectUri: location.searchParams.get('redirect_uri') ?? '',
      });
      return code;
    },
  };
}

describe('GitHub login through a stand-in GitHub', () => {
  let testApp: TestApp;
  let github: ReturnType<typeof startFakeGithub>;
  const emails = [
    { email: 'secondary@example.com', primary: false, verified: true },
    { email: 'Octo@Example.com', primary: true, verified: true },
  ];

  beforeAll(async () => {
    github = startFakeGithub(emails);
    await new Promise<void>((resolve) => github.server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(github.server.address() as AddressInfo).port}`;
    testApp = await createTestApp(dialect, {
      publicUrl: PUBLIC_URL,
      github: {
        clientId: 'gh-id',
        clientSecret: 'gh-secret',
        baseUrl: base,
        apiUrl: `${base}/api`,
      },
    });
  });

  afterAll(async () => {
    await testApp?.close();
    await new Promise((resolve) => github?.server.close(resolve));
  });

  async function signIn() {
    const authorize = await testApp.app.inject({
      method: 'GET',
      url: '/api/v1/oauth/github/authorize',
    });
    expect(authorize.statusCode).toBe(302);
    const location = new URL(String(authorize.headers.location));
    const cookie = authorize.cookies.find((one) => one.name === 'oauth_state');
    return testApp.app.inject({
      method: 'POST',
      url: '/api/v1/oauth/github/callback',
      cookies: { oauth_state: cookie?.value ?? '' },
      payload: { code: github.authorize(location), state: location.searchParams.get('state') },
    });
  }

  it('signs in with the verified primary address and a Secure state cookie on https', async () => {
    const authorize = await testApp.app.inject({
      method: 'GET',
      url: '/api/v1/oauth/github/authorize',
    });
    const location = new URL(String(authorize.headers.location));
    expect(location.pathname).toBe('/login/oauth/authorize');
    expect(location.searchParams.get('redirect_uri')).toBe(
      `${PUBLIC_URL}/auth/callback?provider=github`,
    );
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.cookies.find((one) => one.name === 'oauth_state')?.secure).toBe(true);

    const response = await signIn();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      next: '/app',
      user: {
        email: 'octo@example.com',
        name: 'octo',
        login_method: 'github',
        email_verified: true,
      },
    });
    const again = await signIn();
    expect(again.json().user.id).toBe(response.json().user.id);
  });

  it('refuses an account without a verified primary address', async () => {
    emails.splice(0, emails.length, { email: 'x@example.com', primary: true, verified: false });
    // Forget the link made above, so the address decides.
    await testApp.app.db.deleteFrom('oauth_accounts').execute();
    const response = await signIn();
    expect(response.statusCode).toBe(400);
  });
});
