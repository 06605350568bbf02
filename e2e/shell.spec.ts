import { expect, keepScreenshot, test } from './fixtures';
import { enterAsSignedInVisitor } from './session';

const appScreens = [
  ['dashboard', 'Dashboard'],
  ['repository', 'Repositories'],
  ['files', 'Files'],
  ['livedocs', 'Live docs'],
  ['pockets', 'Pockets'],
  ['activity-metrix', 'Activity'],
  ['export', 'Export'],
] as const;
const settingsScreens = [
  ['profile', 'Profile'],
  ['parser', 'Parser'],
  ['authentication', 'Authentication'],
  ['appearance', 'Appearance'],
] as const;

test.describe('signed in', () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await enterAsSignedInVisitor(context, baseURL!);
  });

  test('/app opens the dashboard and /app/settings opens the profile', async ({ page }) => {
    await page.goto('/app');
    await expect(page).toHaveURL(/\/app\/dashboard$/);
    await expect(page.getByTestId('screen-dashboard')).toBeVisible();
    await page.goto('/app/settings');
    await expect(page).toHaveURL(/\/app\/settings\/profile$/);
    await expect(page.getByTestId('screen-settings-profile')).toBeVisible();
  });

  test('a signed-in visitor opening /auth is sent into the app', async ({ page }) => {
    await page.goto('/auth/login');
    await expect(page).toHaveURL(/\/app\/dashboard$/);
  });

  test('the sidebar reaches every /app child and settings page', async ({ page }) => {
    // every screen of the app loaded in turn: 28–32 s on a loaded two-core CI machine
    test.setTimeout(90_000);
    await page.goto('/app/dashboard');
    const nav = page.getByRole('navigation').first();
    for (const [path, label] of appScreens) {
      await nav.getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/app/${path}$`));
      await expect(page.getByTestId(`screen-${path}`)).toBeVisible();
      await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
    }
    for (const [path, label] of settingsScreens) {
      await nav.getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/app/settings/${path}$`));
      await expect(page.getByTestId(`screen-settings-${path}`)).toBeVisible();
    }
  });

  test('the dark-mode toggle survives a reload', async ({ page }) => {
    await page.goto('/app/dashboard');
    const html = page.locator('html');
    const wasDark = ((await html.getAttribute('class')) ?? '').includes('dark');
    await page.getByRole('button', { name: 'Toggle dark mode' }).click();
    await expect(html).toHaveClass(wasDark ? /^(?!.*\bdark\b)/ : /\bdark\b/);
    expect(await page.evaluate(() => localStorage.getItem('darkMode'))).toBe(String(!wasDark));
    await page.reload();
    await expect(page.getByTestId('screen-dashboard')).toBeVisible();
    await expect(html).toHaveClass(wasDark ? /^(?!.*\bdark\b)/ : /\bdark\b/);
  });

  test('the appearance switch and the header toggle share one preference', async ({ page }) => {
    await page.goto('/app/settings/appearance');
    const toggle = page.getByRole('switch', { name: 'Dark mode' });
    const before = await toggle.getAttribute('aria-checked');
    await page.getByRole('button', { name: 'Toggle dark mode' }).click();
    await expect(toggle).toHaveAttribute('aria-checked', before === 'true' ? 'false' : 'true');
  });

  test('logging out from the user menu returns to the login screen', async ({ page, context }) => {
    await page.goto('/app/dashboard');
    await page.getByRole('button', { name: /user menu/i }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/auth\/login/);
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === 'jwt')).toBeUndefined();
  });

  test('on a phone the navigation is a slide-over closed with Escape', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/app/dashboard');
    const open = page.getByRole('button', { name: 'Open navigation' });
    await expect(open).toBeVisible();
    await open.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('link', { name: 'Repositories', exact: true })).toBeVisible();
    await keepScreenshot(page, 'phone-navigation-open');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await open.click();
    await page.getByRole('dialog').getByRole('link', { name: 'Files', exact: true }).click();
    await expect(page.getByTestId('screen-files')).toBeVisible();
    // No horizontal scrolling at phone width.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
