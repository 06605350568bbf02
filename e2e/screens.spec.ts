import { expect, keepScreenshot, test } from './fixtures';
import { enterAsSignedInVisitor } from './session';

// One screenshot of every screen, light and dark, under test-results/screens/ for review.

const signedInScreens = [
  ['/app/dashboard', 'screen-dashboard'],
  ['/app/repository', 'screen-repository'],
  ['/app/files', 'screen-files'],
  ['/app/livedocs', 'screen-livedocs'],
  ['/app/pockets', 'screen-pockets'],
  ['/app/activity-metrix', 'screen-activity-metrix'],
  ['/app/export', 'screen-export'],
  ['/app/settings/profile', 'screen-settings-profile'],
  ['/app/settings/parser', 'screen-settings-parser'],
  ['/app/settings/authentication', 'screen-settings-authentication'],
  ['/app/settings/appearance', 'screen-settings-appearance'],
] as const;
const visitorScreens = [
  ['/auth/login', 'screen-auth-login'],
  ['/auth/reset-password', 'screen-auth-reset-password'],
  ['/auth/callback', 'screen-auth-callback'],
  ['/auth/verify', 'screen-auth-verify'],
  ['/auth/setpassword', 'screen-auth-setpassword'],
  ['/invite/folder/private/example-slug', 'screen-invite'],
  ['/no/such/page', 'screen-not-found'],
] as const;

const fileName = (path: string) => path.replace(/^\//, '').replace(/\//g, '_');

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    // each test visits and screenshots every screen in turn (a dozen full loads), so it gets
    // three times the per-test budget: on a busy 2-core machine 30 s is too tight for that
    test.slow();
    test.beforeEach(async ({ context }) => {
      await context.addInitScript((dark) => {
        localStorage.setItem('darkMode', String(dark));
      }, theme === 'dark');
    });

    test('every screen of a signed-in user renders inside the shell', async ({
      page,
      context,
      baseURL,
    }) => {
      await enterAsSignedInVisitor(context, baseURL!);
      for (const [path, testId] of signedInScreens) {
        await page.goto(path);
        await expect(page.getByTestId(testId)).toBeVisible();
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByRole('button', { name: 'Toggle dark mode' })).toBeVisible();
        await keepScreenshot(page, `${theme}-${fileName(path)}`);
      }
    });

    test('every screen of a visitor renders', async ({ page }) => {
      for (const [path, testId] of visitorScreens) {
        await page.goto(path);
        await expect(page.getByTestId(testId)).toBeVisible();
        await keepScreenshot(page, `${theme}-${fileName(path)}`);
      }
    });
  });
}
