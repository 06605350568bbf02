import type { BrowserContext } from '@playwright/test';

/**
 * Puts the browser in the logged-in state the SPA derives from a `jwt` cookie and a successful
 * `GET /api/v1/auth/refresh`. Accounts arrive with issue 3; until then the shell and its
 * screens can only be reached by answering the refresh call here. Replace with a real sign-up
 * once the accounts endpoints exist.
 */
export async function enterAsSignedInVisitor(context: BrowserContext, baseURL: string) {
  await context.addCookies([
    { name: 'jwt', value: 'e2e-session', url: baseURL, secure: true, sameSite: 'None' },
  ]);
  await context.route('**/api/v1/auth/refresh', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: '{"token":"e2e-session"}',
    }),
  );
}
