import { expect, keepScreenshot, test } from './fixtures';
import { createServedFsckQuirkRepo, gitDaemonUrlFor } from './git-repos';
import { enterAsSignedInVisitor } from './session';

const uniqueName = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

/**
 * Issue 14, first contact: a history with the quirks of pallets/flask and psf/requests connects,
 * and a connect the server refuses leaves a lasting card that says why in a sentence.
 */
test.describe('first contact', () => {
  test.describe.configure({ timeout: 120_000 });

  test.beforeEach(async ({ context, baseURL }) => {
    await enterAsSignedInVisitor(context, baseURL!);
  });

  test('a repository with zero-padded modes and a malformed time zone connects and is listed', async ({
    page,
  }) => {
    const name = uniqueName('quirks');
    const url = createServedFsckQuirkRepo(name);
    await page.goto('/app/repository');
    await page.getByTestId('connect-repo-button').click();
    await page.getByTestId('connect-url').fill(url);
    await page.getByTestId('connect-submit').click();
    const row = page.locator(`[data-testid="repo-row"][data-repo-name="${name}"]`);
    await expect(row).toBeVisible({ timeout: 60_000 });
    await expect(row.getByTestId('repo-status')).toContainText(/connected/i);
    await expect(page.getByTestId('failed-connection')).toHaveCount(0);

    await page.goto(`/app/files`);
    await expect(page.locator('[data-testid="file-row"][data-path="src/app.py"]')).toBeVisible({
      timeout: 20_000,
    });
  });

  test('a repository the host refuses leaves a lasting failed card with a readable reason', async ({
    page,
  }) => {
    // the e2e git daemon answers "access denied or repository not exported" for unknown names
    const url = gitDaemonUrlFor(uniqueName('missing'));
    await page.goto('/app/repository');
    await page.getByTestId('connect-repo-button').click();
    await page.getByTestId('connect-url').fill(url);
    await page.getByTestId('connect-submit').click();

    const card = page.getByTestId('failed-connection');
    await expect(card).toBeVisible({ timeout: 90_000 });
    const reason = card.getByTestId('failed-connection-reason');
    await expect(reason).toHaveText(
      'The server refused access: check the URL or use SSH with a key.',
    );
    await expect(reason).not.toContainText(/git failed|fatal:/i);
    await expect(card).toContainText(url);
    await expect(page.getByTestId('connecting-entry')).toHaveCount(0);
    await keepScreenshot(page, 'repository-failed-connection');

    // it lasts: still there once any toast has gone, until it is dismissed
    await page.waitForTimeout(6_000);
    await expect(card).toBeVisible();
    await page.getByTestId('failed-connection-dismiss').click();
    await expect(card).toHaveCount(0);
  });
});

test.describe('small things', () => {
  test('the favicon is linked from the page and served by the production server', async ({
    page,
    request,
  }) => {
    await page.goto('/auth/login');
    const href = await page.locator('link[rel="icon"]').getAttribute('href');
    expect(href).toBe('/favicon.svg');
    const icon = await request.get(href!);
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toContain('image/svg+xml');
    expect(await icon.text()).toContain('<svg');
  });
});
