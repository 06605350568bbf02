import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, keepScreenshot, test } from './fixtures';
import { connectThroughUi, unique } from './app-steps';
import { createServedRepo, type ServedRepo } from './git-repos';
import { enterAsSignedInVisitor } from './session';

const PHONE = { width: 390, height: 844 };

const APP_TS = `export function greet(name: string, excited: boolean): string {
  return excited ? \`Hello \${name}!\` : \`Hello \${name}\`;
}
`;

/**
 * Issue 22: edit an object's doc, export a write-back patch from the export screen, see it as a
 * diff, download it, and check real git applies it on the repository's commit.
 */
test.describe('export formats', () => {
  test.describe.configure({ timeout: 180_000 });
  let served: ServedRepo | null = null;
  let work: string | null = null;

  test.beforeEach(async ({ context, baseURL }) => {
    await enterAsSignedInVisitor(context, baseURL!);
  });

  test.afterEach(() => {
    served?.dispose();
    served = null;
    if (work) rmSync(work, { recursive: true, force: true });
    work = null;
  });

  test('edit a doc, export a patch, see the diff and download it', async ({ page }) => {
    const repo = unique('writeback');
    served = createServedRepo(repo, { 'src/app.ts': APP_TS });
    await connectThroughUi(page, served, repo);

    // A person writes the summary of greet.
    await page.goto('/app/livedocs');
    await page.getByTestId('livedocs-repo-select').click();
    await page.getByRole('option', { name: repo }).click();
    const fileRow = page.getByTestId('livedocs-file-src/app.ts');
    await expect(fileRow).toBeVisible({ timeout: 30_000 });
    await fileRow.click();
    await page.getByTestId('livedocs-generate-selected').click();
    await expect(page.getByTestId('livedocs-progress')).toContainText('Done', { timeout: 30_000 });
    await page.getByTestId('livedocs-object-greet').click();
    await page.getByTestId('livedocs-field-summary').fill('Greets a person by name.');
    await page.getByTestId('livedocs-save').click();
    await expect(page.getByTestId('livedocs-save-status')).toContainText('Changes saved at');

    // The export screen offers Markdown, JSON and Patch beside Site.
    await page.goto('/app/export');
    for (const format of ['site', 'markdown', 'json', 'patch'])
      await expect(page.getByTestId(`export-format-${format}`)).toBeVisible();
    await page.getByTestId('export-format-patch').click();
    await expect(page.getByTestId('export-format-patch')).toHaveAttribute('aria-pressed', 'true');
    const form = page.getByTestId('export-form-patch');
    await form.getByTestId('export-submit').click();
    await expect(form.getByTestId('export-form-error')).toContainText('Choose the repository');
    await form.getByTestId('export-repo').selectOption({ label: repo });
    await form.getByTestId('export-submit').click();

    // The history follows the build until the patch is ready.
    const row = page.getByTestId('export-row').first();
    await expect(row.getByTestId('export-status')).toHaveText('Ready', { timeout: 60_000 });

    // The diff, before download: a TSDoc comment above greet, code untouched.
    await row.getByTestId('export-show-diff').click();
    const dialog = page.getByTestId('patch-dialog');
    const diff = dialog.getByTestId('patch-diff');
    await expect(diff).toContainText('diff --git a/src/app.ts b/src/app.ts');
    await expect(diff).toContainText('+/**');
    await expect(diff).toContainText('+ * Greets a person by name.');
    await keepScreenshot(page, 'export-patch-diff');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByTestId('patch-download').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.patch$/);
    work = mkdtempSync(join(tmpdir(), 'codedocs-e2e-apply-'));
    const patchPath = join(work, 'docs.patch');
    await download.saveAs(patchPath);
    const patch = readFileSync(patchPath, 'utf8');
    expect(patch).toContain('+ * Greets a person by name.');
    expect(
      patch.split('\n').filter((l) => /^[-+](?![-+])/.test(l) && !/^\+\s*(\/\*\*|\*)/.test(l)),
    ).toEqual([]);

    // The screen, its forms and its history fit a phone, in light and dark, the diff too.
    if (await dialog.isVisible())
      await dialog.getByRole('button', { name: 'Close' }).first().click();
    await expect(dialog).toBeHidden();
    await page.setViewportSize(PHONE);
    for (const theme of ['light', 'dark']) {
      if (theme === 'dark') await page.getByRole('button', { name: 'Toggle dark mode' }).click();
      for (const format of ['site', 'markdown', 'json', 'patch']) {
        await page.getByTestId(`export-format-${format}`).click();
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${format} form, ${theme}`).toBeLessThanOrEqual(0);
      }
      await keepScreenshot(page, `export-patch-phone-${theme}`);
    }
    await row.getByTestId('export-show-diff').click();
    await expect(dialog.getByTestId('patch-diff')).toBeVisible();
    const dialogBox = await dialog.boundingBox();
    expect(dialogBox!.x).toBeGreaterThanOrEqual(0);
    expect(dialogBox!.x + dialogBox!.width).toBeLessThanOrEqual(PHONE.width);
    await keepScreenshot(page, 'export-patch-diff-phone-dark');
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await page.getByRole('button', { name: 'Toggle dark mode' }).click();

    // Real git applies it on the repository's commit.
    const clone = join(work, 'clone');
    execFileSync('git', ['clone', '-q', served.url, clone]);
    execFileSync('git', ['apply', '--check', patchPath], { cwd: clone });
    execFileSync('git', ['apply', patchPath], { cwd: clone });
    expect(readFileSync(join(clone, 'src/app.ts'), 'utf8')).toContain(
      '/**\n * Greets a person by name.\n',
    );
  });
});
