import { request, type BrowserContext } from '@playwright/test';

/**
 * Signs up a fresh account through the real API (sign-up, the verification link from the local
 * outbox, verify) and hands its session token to the browser the way the SPA keeps it: in the
 * `jwt` cookie (Secure, SameSite=None; Chromium takes it on http://127.0.0.1 through
 * document.cookie, whereas context.addCookies refuses a Secure cookie for an http URL). Set once
 * per tab, so a later logout is not undone by the next navigation. Answers the account's
 * address and session token (for a spec that calls the API as that user).
 */
export async function enterAsSignedInVisitor(
  context: BrowserContext,
  baseURL: string,
): Promise<{ email: string; token: string }> {
  const email = `shell-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;
  // each test's sign-up comes from an address of its own (the e2e server trusts the proxy
  // header), so the per-address mail throttle meets a real client's numbers, not the whole suite's
  const address = `198.51.100.${1 + Math.floor(Math.random() * 254)}`;
  const api = await request.newContext({ baseURL });
  try {
    const signup = await api.post('/api/v1/auth/signup', {
      data: { email, password: 'a shell test passphrase', name: 'Shell Tester' },
      headers: { 'x-forwarded-for': address },
    });
    if (signup.status() !== 202) throw new Error(`sign-up answered ${signup.status()}`);
    const outbox = (await (await api.get('/api/dev/outbox.json')).json()) as {
      messages: { to: string; links: string[] }[];
    };
    const link = outbox.messages
      .find((message) => message.to === email)
      ?.links.find((href) => href.includes('/auth/verify?token='));
    if (!link) throw new Error(`no verification mail for ${email} in the outbox`);
    const verify = await api.post('/api/v1/auth/verify', {
      data: { token: new URL(link).searchParams.get('token') },
    });
    if (!verify.ok()) throw new Error(`verify answered ${verify.status()}`);
    const { token } = (await verify.json()) as { token: string };

    await context.addInitScript(
      ({ origin, jwt }) => {
        if (location.origin !== origin || sessionStorage.getItem('e2e-session-set')) return;
        sessionStorage.setItem('e2e-session-set', '1');
        document.cookie = `jwt=${jwt}; path=/; secure; samesite=none`;
      },
      { origin: new URL(baseURL).origin, jwt: token },
    );
    return { email, token };
  } finally {
    await api.dispose();
  }
}
