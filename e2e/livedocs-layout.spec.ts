import type { Page } from '@playwright/test';
import { expect, keepScreenshot, test } from './fixtures';
import { createServedRepo, type ServedRepo } from './git-repos';
import { enterAsSignedInVisitor } from './session';

const PHONE = { width: 390, height: 844 };
const LONG_DIR = 'packages/some-long-package-name/src/features/authentication-and-sessions';

const functions = (prefix: string, count: number) =>
  Array.from(
    { length: count },
    (_, i) =>
      `/** Handles thing ${i}. */\nexport function ${prefix}HandlesAVeryDescriptiveThingNumber${i}(input: string): string {\n  return input + ${i};\n}\n`,
  ).join('\n');

/** The page scrolls sideways when its content is wider than the window. */
async function scrollWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

async function connect(page: Page, url: string, name: string) {
  await page.goto('/app/repository');
  await page.getByTestId('connect-repo-button').click();
  await page.getByTestId('connect-url').fill(url);
  await page.getByTestId('connect-submit').click();
  const row = page.locator(`[data-testid="repo-row"][data-repo-name="${name}"]`);
  await expect(row).toBeVisible({ timeout: 30_000 });
  return row;
}

/**
 * Issue 14.5 in a real browser: Live docs and Files at 390 px wide never scroll sideways (lists,
 * the open object with its Write/Preview tabs, the stale diff, the file viewer); below lg the
 * object opens as a step of its own with "Back to objects"; a reload keeps the file selection.
 */
test.describe('live docs and files at phone width', () => {
  test.describe.configure({ timeout: 180_000 });
  let served: ServedRepo | undefined;

  test.afterEach(() => served?.dispose());

  test.beforeEach(async ({ context, baseURL }) => {
    await enterAsSignedInVisitor(context, baseURL!);
  });

  test('no horizontal scroll at 390 px; list → detail → back; a reload keeps the selection', async ({
    page,
  }) => {
    const name = `phone-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
    const path = `${LONG_DIR}/session-token-refresh-implementation.ts`;
    const object = 'refreshHandlesAVeryDescriptiveThingNumber0';
    served = createServedRepo(name, {
      [path]: functions('refresh', 3),
      [`${LONG_DIR}/password-reset-implementation.ts`]: functions('reset', 2),
    });
    const row = await connect(page, served.url, name);

    await page.setViewportSize(PHONE);
    await page.goto('/app/livedocs');
    const fileRow = page.getByTestId(`livedocs-file-${path}`);
    await expect(fileRow).toBeVisible({ timeout: 30_000 });
    expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);

    // the selection goes into the URL and survives a reload
    await fileRow.click();
    await expect(page).toHaveURL(/[?&]files=/);
    await expect(page.getByTestId(`livedocs-object-${object}`)).toBeVisible();
    await page.reload();
    await expect(fileRow.getByRole('checkbox')).toBeChecked({ timeout: 30_000 });
    await expect(page.getByTestId(`livedocs-object-${object}`)).toBeVisible();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await keepScreenshot(page, 'livedocs-phone-lists');

    // generate (the panel says Done when the job ends), then open an object: a step of its own
    await page.getByTestId('livedocs-generate-selected').click();
    const progress = page.getByTestId('livedocs-progress');
    await expect(progress).toContainText('Done', { timeout: 30_000 });
    await expect(page.getByTestId(`livedocs-object-status-${object}`)).toHaveText('documented');
    await page.getByTestId(`livedocs-object-${object}`).click();
    await expect(page.getByTestId('livedocs-object-panel')).toBeVisible();
    await expect(page.getByTestId('livedocs-file-list')).toBeHidden();
    await expect(page.getByTestId('livedocs-write-toggle-summary')).toBeVisible();
    await expect(page.getByTestId('livedocs-back')).toBeInViewport();
    const preview = await page.getByTestId('livedocs-preview-toggle-summary').boundingBox();
    expect((preview?.x ?? 0) + (preview?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await keepScreenshot(page, 'livedocs-phone-object');
    await page.getByTestId('livedocs-back').click();
    await expect(page.getByTestId('livedocs-object-panel')).toBeHidden();
    await expect(fileRow).toBeVisible();

    // the stale diff of a long line wraps instead of widening the page
    served.commit(
      'main',
      {
        [path]: functions('refresh', 3).replace(
          'return input + 0;',
          'return input + 0 + "a change that makes this line much longer than a phone is wide";',
        ),
      },
      'Change refresh 0',
    );
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/app/repository');
    await row.getByTestId('repo-sync').click();
    await expect(row.getByTestId('repo-status')).toContainText(/connected/i, { timeout: 30_000 });
    await page.setViewportSize(PHONE);
    await page.goto('/app/livedocs');
    await expect(fileRow).toBeVisible({ timeout: 30_000 });
    await fileRow.click();
    await expect(page.getByTestId(`livedocs-object-status-${object}`)).toHaveText('stale', {
      timeout: 20_000,
    });
    await page.getByTestId(`livedocs-object-${object}`).click();
    await expect(page.getByTestId('livedocs-diff')).toContainText('a change that makes');
    expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await keepScreenshot(page, 'livedocs-phone-stale');

    // Files: the list and an open file fit too
    await page.goto('/app/files');
    await page.locator(`[data-testid="file-row"][data-path="${path}"]`).click();
    await expect(page.getByTestId('file-viewer')).toContainText('refreshHandles');
    expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await keepScreenshot(page, 'files-phone');
  });
});
