import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect, keepScreenshot, test } from './fixtures';
import { connectThroughUi } from './app-steps';
import { createServedRepo, type ServedRepo } from './git-repos';
import { enterAsSignedInVisitor } from './session';

const APP_TS = `/** Adds two numbers. */
export function add(a: number, b: number): number {
  return a + b;
}

export function twice(value: number): number {
  return add(value, value);
}
`;

/**
 * Records that the user has already generated the free plan's 2,000 objects this month.
 *
 * Why not generate them: using the quota up for real needs a repository of 2,000 objects and
 * minutes of generation on a 2-core machine shared by the whole suite. The quota is the
 * user's `generation_usage` row for the month (what generation adds to and every check reads),
 * so this writes that row into the e2e server's own SQLite database, the one thing done behind
 * the app's back; the refusal, the checkout and the generation that follows all go through the
 * browser and the real server.
 */
function useUpFreeQuota(userId: string) {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (see e2e/playwright.config.ts)');
  // the server's own file (the e2e server runs on SQLite); never a new empty one
  const db = new Database(join(dataDir, 'codedocs.sqlite'), { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare(
      `INSERT INTO generation_usage (user_id, month, objects) VALUES (?, ?, 2000)
       ON CONFLICT (user_id, month) DO UPDATE SET objects = 2000`,
    ).run(userId, new Date().toISOString().slice(0, 7));
  } finally {
    db.close();
  }
}

/**
 * Issue 18's journey: a user whose free quota is used up is refused, buys Pro through the
 * built-in test checkout (BILLING=test, the default) and generates again at once.
 */
test.describe('checkout', () => {
  test.describe.configure({ timeout: 180_000 });
  let served: ServedRepo | undefined;

  test.afterEach(() => served?.dispose());

  test('out of quota, buy Pro through the test checkout, generate again at once', async ({
    page,
    context,
    baseURL,
  }) => {
    const { token } = await enterAsSignedInVisitor(context, baseURL!);
    const profile = await context.request.get('/api/v0/user', {
      headers: { authorization: `Bearer ${token}` },
    });
    const userId = ((await profile.json()) as { id: string }).id;

    const name = `buy-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
    served = createServedRepo(name, { 'src/app.ts': APP_TS });
    await connectThroughUi(page, served, name);

    await page.goto('/app/livedocs');
    const fileRow = page.getByTestId('livedocs-file-src/app.ts');
    await expect(fileRow).toBeVisible({ timeout: 30_000 });

    // The month's 2,000 objects are used up: generation is refused with the way forward.
    useUpFreeQuota(userId);
    await fileRow.click();
    await page.getByTestId('livedocs-generate-selected').click();
    await expect(page.getByTestId('livedocs-generate-refused-reason')).toContainText(
      'Your plan documents up to 2000 objects a month and 0 are left this month',
    );
    await page.getByTestId('livedocs-generate-plans-link').click();

    // Parser settings: the bar is full; Buy Pro goes to the test checkout.
    await expect(page).toHaveURL(/\/app\/settings\/parser$/);
    await expect(page.getByTestId('usage-generated')).toContainText('2,000 of 2,000');
    await page.getByRole('button', { name: 'Buy Pro' }).click();
    await expect(page).toHaveURL(/\/api\/v2\/payments\/test-checkout\//);
    await expect(page.getByTestId('test-checkout-notice')).toContainText(
      'Test checkout: no money moves.',
    );
    await expect(page.getByTestId('test-checkout-price')).toHaveText('$15.00 / month');
    await keepScreenshot(page, 'test-checkout');
    await page.getByTestId('test-checkout-pay').click();

    // Back on Parser settings with the outcome, the new plan and its quota.
    await expect(page).toHaveURL(/\/app\/settings\/parser\?checkout=/);
    await expect(page.getByTestId('checkout-outcome')).toContainText(
      'Payment complete: you are on the Pro plan.',
    );
    await expect(page.getByTestId('subscription-plan')).toHaveText('Pro');
    await expect(page.getByTestId('usage-generated')).toContainText('2,000 of 100,000');
    await expect(page.getByTestId('purchase-status').first()).toHaveText('Paid');
    await keepScreenshot(page, 'parser-settings-paid');
    // on a phone the page never scrolls sideways
    await page.setViewportSize({ width: 390, height: 844 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(390);
    await keepScreenshot(page, 'parser-settings-phone');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Generating works at once, with the plan token the return fetched.
    await page.goto('/app/livedocs');
    await expect(fileRow).toBeVisible({ timeout: 30_000 });
    await fileRow.click();
    await page.getByTestId('livedocs-generate-selected').click();
    await expect(page.getByTestId('livedocs-progress')).toContainText('Done', { timeout: 30_000 });
    // add has the author's summary; twice has generated text at most, which is not documentation
    await expect(page.getByTestId('livedocs-object-status-add')).toHaveText('documented');
    await expect(page.getByTestId('livedocs-object-status-twice')).toHaveText(
      /generated only|needs a writer/,
    );
    await expect(page.getByTestId('livedocs-generate-refused')).toHaveCount(0);
  });
});
