import type { Page } from '@playwright/test';
import { expect, keepScreenshot, test } from './fixtures';
import { createServedRepo, type ServedRepo } from './git-repos';
import { enterAsSignedInVisitor } from './session';

const APP_TS = `/** Greets someone by name. */
export function greet(name: string): string {
  return \`Hello \${name}\`;
}
`;

const PHONE = { width: 390, height: 844 };

/** Today's row of a chart card's table view (the last one: ranges end today). */
async function todayRow(page: Page, card: string) {
  const table = page.getByTestId(`${card}-table`);
  return table.locator('tbody tr').last();
}

/**
 * Issue 19 in a real browser: the dashboard tells a new account what to do next; an edit made
 * in one tab shows up in the activity feed and the generated-vs-edited chart of another tab
 * without a reload (activity events on the live event stream); the screens fit a phone.
 */
test.describe('activity', () => {
  test.describe.configure({ timeout: 180_000 });
  let served: ServedRepo | undefined;

  test.afterEach(() => served?.dispose());

  test.beforeEach(async ({ context, baseURL }) => {
    await enterAsSignedInVisitor(context, baseURL!);
  });

  test('an edit appears in the feed and the chart of another tab, live', async ({
    page,
    context,
  }) => {
    await page.goto('/app/dashboard');
    const checklist = page.getByTestId('dashboard-checklist');
    await expect(checklist.getByTestId('checklist-connect')).toHaveAttribute('data-done', 'false');
    await expect(page.getByTestId('dashboard-repos-empty')).toBeVisible();

    const name = `activity-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
    served = createServedRepo(name, { 'src/app.ts': APP_TS });
    await page.goto('/app/repository');
    await page.getByTestId('connect-repo-button').click();
    await page.getByTestId('connect-url').fill(served.url);
    await page.getByTestId('connect-submit').click();
    await expect(page.locator(`[data-testid="repo-row"][data-repo-name="${name}"]`)).toBeVisible({
      timeout: 30_000,
    });

    // the activity screen stays open in this tab from here on
    await page.goto('/app/activity-metrix');
    const feed = page.getByTestId('activity-feed');
    await expect(feed.getByTestId('activity-entry').first()).toBeVisible({ timeout: 30_000 });
    await expect(feed).toContainText(`Connected ${name}`);
    const docsCard = page.getByTestId('chart-docs');
    await expect(docsCard.getByTestId('chart-docs-empty')).toBeVisible();

    // another tab generates and edits; opened from this one, it shares its session storage, so
    // the sign-in script leaves the session cookie (rotated since) as it is
    const opened = context.waitForEvent('page');
    await page.evaluate(() => window.open('/app/livedocs'));
    const editor = await opened;
    const fileRow = editor.getByTestId('livedocs-file-src/app.ts');
    await expect(fileRow).toBeVisible({ timeout: 30_000 });
    await fileRow.click();
    await editor.getByTestId('livedocs-generate-selected').click();
    await expect(editor.getByTestId('livedocs-progress')).toContainText('Done', {
      timeout: 30_000,
    });
    // greet has the author's own summary: documented
    await expect(editor.getByTestId('livedocs-object-status-greet')).toHaveText('documented');

    // the first tab's chart now has generated fields, without a reload
    await expect(docsCard.getByTestId('chart-docs-chart')).toBeVisible({ timeout: 15_000 });
    await expect(feed).toContainText('Generated', { timeout: 15_000 });

    await editor.getByTestId('livedocs-object-greet').click();
    await editor.getByTestId('livedocs-field-description').fill('Says hello.');
    await editor.getByTestId('livedocs-save').click();
    await expect(editor.getByTestId('livedocs-save-status')).toContainText('Changes saved at');

    await expect(feed.getByTestId('activity-entry').first()).toContainText(
      'edited the description of greet',
      { timeout: 15_000 },
    );
    await docsCard.getByTestId('chart-docs-view-table').click();
    // Date, generated, edited (1), reviewed
    await expect((await todayRow(page, 'chart-docs')).locator('td').nth(1)).toHaveText('1');
    await docsCard.getByTestId('chart-docs-view-chart').click();
    await expect(docsCard.getByTestId('chart-docs-chart').locator('svg').first()).toBeVisible();
    await expect(page.getByTestId('activity-live')).toContainText('last event');
    await keepScreenshot(page, 'activity-metrix');

    // the dashboard: coverage of the repository, the checklist moved on
    await page.goto('/app/dashboard');
    await expect(page.getByTestId('dashboard-repo-coverage')).toContainText('100% documented');
    await expect(checklist.getByTestId('checklist-generate')).toHaveAttribute('data-done', 'true');
    await expect(page.getByTestId('dashboard-feed')).toContainText('edited the description');
    await keepScreenshot(page, 'dashboard');

    // both screens fit a phone, in dark mode too
    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: 'Toggle dark mode' }).click();
    for (const path of ['/app/dashboard', '/app/activity-metrix']) {
      await page.goto(path);
      await expect(page.locator('h1')).toBeVisible();
      await expect(page.getByTestId('activity-entry').first()).toBeVisible({ timeout: 15_000 });
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, path).toBeLessThanOrEqual(PHONE.width);
    }
    await keepScreenshot(page, 'activity-metrix-phone-dark');
  });
});
