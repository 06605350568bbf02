import { request, type APIRequestContext, type BrowserContext } from '@playwright/test';

/** A fresh verified account made through the API: its address and a session token. */
export interface ApiAccount {
  email: string;
  token: string;
}

/** The password of every account signUpThroughApi makes. */
const API_ACCOUNT_PASSWORD = 'a shell test passphrase';

/**
 * A client address of its own for each call (the e2e server trusts the proxy header), so the
 * per-address mail and login throttles meet a real client's numbers, not the whole suite's.
 */
const clientAddress = () => `198.51.100.${1 + Math.floor(Math.random() * 254)}`;

/**
 * Signs up a fresh account through the real API (sign-up, the verification link from the local
 * outbox, verify) and returns its session token.
 */
export async function signUpThroughApi(baseURL: string, prefix = 'shell'): Promise<ApiAccount> {
  const email = `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;
  const api = await request.newContext({ baseURL });
  try {
    const signup = await api.post('/api/v1/auth/signup', {
      data: { email, password: API_ACCOUNT_PASSWORD, name: 'Shell Tester' },
      headers: { 'x-forwarded-for': clientAddress() },
    });
    if (signup.status() !== 202) throw new Error(`sign-up answered ${signup.status()}`);
    const link = (await outboxLinks(api, email)).find((href) =>
      href.includes('/auth/verify?token='),
    );
    if (!link) throw new Error(`no verification mail for ${email} in the outbox`);
    const verify = await api.post('/api/v1/auth/verify', {
      data: { token: new URL(link).searchParams.get('token') },
    });
    if (!verify.ok()) throw new Error(`verify answered ${verify.status()}`);
    const { token } = (await verify.json()) as { token: string };
    return { email, token };
  } finally {
    await api.dispose();
  }
}

/**
 * A new session for an account signUpThroughApi made. A browser that entered with a token
 * replaced it at its first refresh, and a replaced token works only 30 s more, so a later visit
 * of the same account logs in again.
 */
export async function logInThroughApi(baseURL: string, email: string): Promise<string> {
  const api = await request.newContext({ baseURL });
  try {
    const login = await api.post('/api/v1/auth/login', {
      data: { email, password: API_ACCOUNT_PASSWORD },
      headers: { 'x-forwarded-for': clientAddress() },
    });
    if (!login.ok()) throw new Error(`login answered ${login.status()}`);
    return ((await login.json()) as { token: string }).token;
  } finally {
    await api.dispose();
  }
}

/** The links of every mail the e2e server's outbox holds for `email`, newest mail first. */
export async function outboxLinks(api: APIRequestContext, email: string): Promise<string[]> {
  const outbox = (await (await api.get('/api/dev/outbox.json')).json()) as {
    messages: { to: string; links: string[] }[];
  };
  return outbox.messages.filter((message) => message.to === email).flatMap((m) => m.links);
}

/**
 * Hands a session token to the browser the way the SPA keeps it: in the `jwt` cookie (Secure,
 * SameSite=None; Chromium takes it on http://127.0.0.1 through document.cookie, whereas
 * context.addCookies refuses a Secure cookie for an http URL). Set once per tab, so a later
 * logout is not undone by the next navigation.
 */
export async function enterWithToken(context: BrowserContext, baseURL: string, token: string) {
  await context.addInitScript(
    ({ origin, jwt }) => {
      if (location.origin !== origin || sessionStorage.getItem('e2e-session-set')) return;
      sessionStorage.setItem('e2e-session-set', '1');
      document.cookie = `jwt=${jwt}; path=/; secure; samesite=none`;
    },
    { origin: new URL(baseURL).origin, jwt: token },
  );
}

/** Signs up a fresh account through the API and enters the browser with its session. */
export async function enterAsSignedInVisitor(
  context: BrowserContext,
  baseURL: string,
): Promise<ApiAccount> {
  const account = await signUpThroughApi(baseURL);
  await enterWithToken(context, baseURL, account.token);
  return account;
}
