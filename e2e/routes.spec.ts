import { expect, test } from './fixtures';

// Spec section 2: every route resolves as listed.

test('/ is a redirect page that ends on the login screen for a logged-out visitor', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/auth\/login(\?|$)/);
  await expect(page.getByTestId('screen-auth-login')).toBeVisible();
});

test('an unknown path shows the not-found page', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(200); // history fallback: the SPA decides
  await expect(page.getByTestId('screen-not-found')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('/app while logged out lands on /auth/login and remembers where it was going', async ({
  page,
}) => {
  await page.goto('/app');
  await expect(page).toHaveURL(/\/auth\/login/);
  await expect(page.getByTestId('screen-auth-login')).toBeVisible();

  await page.goto('/app/settings/parser');
  await expect(page).toHaveURL(/\/auth\/login\?next=%2Fapp%2Fsettings%2Fparser/);
});

test('/auth redirects to login and every /auth child resolves', async ({ page }) => {
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/auth\/login$/);
  for (const child of ['login', 'reset-password', 'callback', 'verify', 'setpassword']) {
    await page.goto(`/auth/${child}`);
    await expect(page.getByTestId(`screen-auth-${child}`)).toBeVisible();
  }
});

test('/invite/folder/private/:slug shows the invitation page for its slug', async ({ page }) => {
  await page.goto('/invite/folder/private/abc123XYZ');
  await expect(page.getByTestId('screen-invite')).toBeVisible();
  // no link has this slug: the page says the invitation is not (or no longer) valid
  await expect(page.getByTestId('invite-unavailable')).toBeVisible();
});

test('a lazy screen shows the centred spinner while its code loads', async ({ page, baseURL }) => {
  // Hold back every script that index.html does not load itself: those are the lazy screens.
  const html = await (await page.request.get(`${baseURL}/`)).text();
  const eager = new Set([...html.matchAll(/(?:src|href)="([^"]+\.js)"/g)].map((match) => match[1]));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    if (!eager.has(new URL(route.request().url()).pathname)) await released;
    await route.continue();
  });

  await page.goto('/auth/login', { waitUntil: 'commit' });
  const spinner = page.getByTestId('route-spinner');
  await expect(spinner).toBeVisible();
  const box = await spinner.boundingBox();
  const viewport = page.viewportSize();
  expect(box && viewport).toBeTruthy();
  if (box && viewport) {
    // Centred: the spinner's middle is within 10% of the viewport's middle horizontally.
    expect(Math.abs(box.x + box.width / 2 - viewport.width / 2)).toBeLessThan(viewport.width * 0.1);
  }
  release();
  await expect(page.getByTestId('screen-auth-login')).toBeVisible();
  await expect(spinner).toHaveCount(0);
});

test('the API and its documentation are served on the same port', async ({ page, request }) => {
  const health = await request.get('/api/health');
  expect(health.ok()).toBe(true);
  expect(await health.json()).toMatchObject({ status: 'ok', database: { reachable: true } });

  const unknown = await request.get('/api/v0/does-not-exist');
  expect(unknown.status()).toBe(404);
  expect(await unknown.json()).toMatchObject({ statusCode: 404, code: 'not_found' });

  const openapi = await request.get('/api/openapi.json');
  expect((await openapi.json()).paths).toHaveProperty(['/api/health']);

  await page.goto('/api/docs');
  await expect(page.locator('#swagger-ui')).toBeVisible();
});

test('pages carry the security headers', async ({ request }) => {
  const response = await request.get('/app/dashboard');
  const headers = response.headers();
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
});
