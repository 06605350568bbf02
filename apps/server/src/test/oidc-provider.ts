import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** A person the test provider knows: `login` is what the dev login form is given. */
export interface OidcTestAccount {
  email: string;
  emailVerified: boolean;
  name: string;
}

export interface OidcTestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Accounts by login; add to it before logging in. */
  accounts: Map<string, OidcTestAccount>;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (`oidc-provider`) on 127.0.0.1 and a free port, with one
 * confidential client for `redirectUri`, PKCE required, and its built-in development login and
 * consent pages (any login is accepted; the account comes from `accounts`).
 */
export async function startOidcProvider(redirectUri: string): Promise<OidcTestProvider> {
  const accounts = new Map<string, OidcTestAccount>();
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'codedocs-test';
  const clientSecret = 'codedocs-test-secret-0123456789';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    pkce: { required: () => true },
    cookies: { keys: ['oidc-test-cookie-key'] },
    async findAccount(_ctx, id) {
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        async claims() {
          return {
            sub: id,
            email: account.email,
            email_verified: account.emailVerified,
            name: account.name,
          };
        },
      };
    },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A minimal cookie jar for driving the provider's pages with fetch. */
class CookieJar {
  readonly #cookies = new Map<string, string>();

  store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair = ''] = header.split(';');
      const index = pair.indexOf('=');
      this.#cookies.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim());
    }
  }

  header(): string {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * Plays the browser at the provider: opens the authorization URL, follows redirects, fills the
 * login form with `login` and accepts the consent form, and returns the final redirect to the
 * app's callback (the URL carrying code and state).
 */
export async function loginAtProvider(
  authorizationUrl: string,
  login: string,
  redirectUri: string,
): Promise<URL> {
  const jar = new CookieJar();
  let url = authorizationUrl;
  let init: RequestInit = { method: 'GET' };
  for (let step = 0; step < 20; step += 1) {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: jar.header() },
    });
    jar.store(response);
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.href.startsWith(redirectUri.split('?')[0] ?? redirectUri)) return next;
      url = next.href;
      init = { method: 'GET' };
      continue;
    }
    const html = await response.text();
    const action = html.match(/<form[^>]*action="([^"]+)"/)?.[1];
    const prompt = html.match(/name="prompt" value="([^"]+)"/)?.[1];
    if (!action || !prompt)
      throw new Error(`unexpected provider page (${response.status}): ${html.slice(0, 300)}`);
    const body = new URLSearchParams({ prompt });
    if (prompt === 'login') {
      body.set('login', login);
      body.set('password', 'anything');
    }
    url = new URL(action.replace(/&amp;/g, '&'), url).href;
    init = {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    };
  }
  throw new Error('the provider never redirected back');
}
