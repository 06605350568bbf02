import { expect, keepScreenshot, test } from './fixtures';
import { createServedRepo, type ServedRepo } from './git-repos';
import { enterAsSignedInVisitor } from './session';

const APP_TS = `/** Greets someone by name. */
export function greet(name: string, excited = false): string {
  return excited ? \`Hello \${name}!\` : \`Hello \${name}\`;
}

export function farewell(name: string): string {
  return \`Bye \${name}\`;
}
`;

/**
 * The live-docs journey of issue 6 against the real server and a real git daemon: connect,
 * generate for one file, edit a field, save, reload, push a change to that function, sync, see it
 * stale with the diff, regenerate (the edit is kept).
 */
test.describe('live docs', () => {
  test.describe.configure({ timeout: 180_000 });
  let served: ServedRepo | undefined;

  test.afterEach(() => served?.dispose());

  test.beforeEach(async ({ context, baseURL }) => {
    await enterAsSignedInVisitor(context, baseURL!);
  });

  test('generate, edit, save, reload, go stale after a push and sync, regenerate', async ({
    page,
  }) => {
    const name = `docs-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
    served = createServedRepo(name, {
      'src/app.ts': APP_TS,
      'src/util.py': 'def double(x):\n    return x * 2\n',
      'README.md': '# Docs journey\n',
    });
    await page.goto('/app/repository');
    await page.getByTestId('connect-repo-button').click();
    await page.getByTestId('connect-url').fill(served.url);
    await page.getByTestId('connect-submit').click();
    const row = page.locator(`[data-testid="repo-row"][data-repo-name="${name}"]`);
    await expect(row).toBeVisible({ timeout: 30_000 });

    // The repository is indexed in the background; its source files appear.
    await page.goto('/app/livedocs');
    const fileRow = page.getByTestId('livedocs-file-src/app.ts');
    await expect(fileRow).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('livedocs-file-src/util.py')).toBeVisible();

    // Generate for one file, with live progress. greet has the author's summary (documented);
    // farewell gets generated text at most, which is not counted as documentation.
    await fileRow.click();
    await page.getByTestId('livedocs-generate-selected').click();
    await expect(page.getByTestId('livedocs-progress')).toContainText('Done', { timeout: 30_000 });
    const greetStatus = page.getByTestId('livedocs-object-status-greet');
    await expect(greetStatus).toHaveText('documented');
    const farewellStatus = page.getByTestId('livedocs-object-status-farewell');
    await expect(farewellStatus).toHaveText(/generated only|needs a writer/);

    // Open greet: signature, generated fields from its doc comment, one field per parameter.
    await page.getByTestId('livedocs-object-greet').click();
    const panel = page.getByTestId('livedocs-object-panel');
    await expect(page.getByTestId('livedocs-signature')).toContainText('greet(name: string');
    await expect(page.getByTestId('livedocs-field-summary')).toHaveValue('Greets someone by name.');
    await expect(page.getByTestId('livedocs-field-param:name')).toBeVisible();
    await expect(page.getByTestId('livedocs-field-param:excited')).toBeVisible();

    // Edit, save explicitly, see the saved status.
    await page.getByTestId('livedocs-field-description').fill('Says hello, *politely*.');
    await page.getByTestId('livedocs-save').click();
    await expect(page.getByTestId('livedocs-save-status')).toContainText('Changes saved at');
    await keepScreenshot(page, 'livedocs-object');

    // Reload: the file selection and the open object come back (both are in the URL), and the
    // edit is there.
    await page.reload();
    await expect(fileRow.getByRole('checkbox')).toBeChecked({ timeout: 30_000 });
    await page.getByTestId('livedocs-object-greet').click();
    await expect(page.getByTestId('livedocs-field-description')).toHaveValue(
      'Says hello, *politely*.',
    );

    // A change to greet is pushed; after a sync, greet is stale and farewell is not.
    served.commit(
      'main',
      { 'src/app.ts': APP_TS.replace('Hello ${name}!', 'Hello there, ${name}!') },
      'Greet more warmly',
    );
    await page.goto('/app/repository');
    await row.getByTestId('repo-sync').click();
    await expect(row.getByTestId('repo-status')).toContainText(/connected/i, { timeout: 30_000 });
    await page.goto('/app/livedocs');
    await expect(fileRow).toBeVisible({ timeout: 30_000 });
    await fileRow.click();
    await expect(greetStatus).toContainText(/stale/i, { timeout: 20_000 });
    await expect(farewellStatus).toHaveText(/generated only|needs a writer/);

    await page.getByTestId('livedocs-object-greet').click();
    await expect(page.getByTestId('livedocs-stale-banner')).toBeVisible();
    await expect(page.getByTestId('livedocs-diff')).toContainText('Hello there');
    await keepScreenshot(page, 'livedocs-stale');

    // Regenerate refreshes generated fields and keeps the person's edit.
    await page.getByTestId('livedocs-regenerate').click();
    await expect(page.getByTestId('livedocs-field-description')).toHaveValue(
      'Says hello, *politely*.',
    );
    await page.getByTestId('livedocs-review').click();
    await expect(page.getByTestId('livedocs-stale-banner')).toHaveCount(0);
    await expect(greetStatus).toHaveText('documented');
    await expect(panel).toBeVisible();
  });
});
