import type { BrowserContext } from '@playwright/test';

/**
 * Puts the browser in the logged-in state the SPA derives from a `jwt` cookie and a successful
 * `GET /api/v1/auth/refresh`. Accounts arrive with issue 3; until then the shell and its
 * screens can only be reached by answering the refresh call here. Replace with a real sign-up
 * once the accounts endpoints exist.
 */
export async function enterAsSignedInVisitor(context: BrowserContext, baseURL: string) {
  // Set the cookie the way the SPA does (document.cookie, Secure, SameSite=None): Chromium takes
  // it on http://127.0.0.1, whereas context.addCookies refuses a Secure cookie for an http URL.
  // Only once per tab, so a later logout is not undone by the next navigation.
  await context.addInitScript((origin) => {
    if (location.origin !== origin || sessionStorage.getItem('e2e-session-set')) return;
    sessionStorage.setItem('e2e-session-set', '1');
    document.cookie = 'jwt=e2e-session; path=/; secure; samesite=none';
  }, new URL(baseURL).origin);
  await context.route('**/api/v1/auth/refresh', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: '{"token":"e2e-session"}',
    }),
  );
}
