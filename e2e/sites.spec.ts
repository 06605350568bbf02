import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, keepScreenshot, test } from './fixtures';
import { connectThroughUi, unique } from './app-steps';
import { createServedRepo, type ServedRepo } from './git-repos';
import { enterAsSignedInVisitor } from './session';
import { unzipDownload } from './zip';

const FORMAT_TS = `/** Formats the greeting for a name. */
export function formatGreeting(name: string): string {
  return \`Hello \${name}\`;
}
`;

const APP_TS = `import { formatGreeting } from './format';

/** Greets someone by name. */
export function greet(name: string): string {
  return formatGreeting(name);
}
`;

/** The static documentation journey of issue 16 against the real server and git daemon. */
test.describe('static documentation sites', () => {
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

  test('build a site from a pocket, open and search it, download it and use it offline', async ({
    page,
    context,
  }) => {
    const repo = unique('greeter');
    served = createServedRepo(repo, { 'src/app.ts': APP_TS, 'src/format.ts': FORMAT_TS });
    await connectThroughUi(page, served, repo);

    // Docs for both files, once the code has been read.
    await page.goto('/app/livedocs');
    await page.getByTestId('livedocs-repo-select').click();
    await page.getByRole('option', { name: repo }).click();
    await expect(page.getByTestId('livedocs-file-src/app.ts')).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('livedocs-file-src/app.ts').click();
    await page.getByTestId('livedocs-file-src/format.ts').click();
    await page.getByTestId('livedocs-generate-selected').click();
    await expect(page.getByTestId('livedocs-progress')).toContainText('Done', { timeout: 30_000 });
    await expect(page.getByTestId('livedocs-object-status-greet')).toHaveText('documented');

    // A pocket with both functions.
    await page.goto('/app/pockets');
    await page.getByTestId('pocket-create').click();
    await page.getByTestId('pocket-name-input').fill('Greeter API');
    await page.getByTestId('pocket-name-submit').click();
    await page.getByTestId('pocket-add-objects').click();
    const picker = page.getByTestId('add-objects-dialog');
    for (const name of ['greet', 'formatGreeting']) {
      await picker.getByTestId('picker-search').fill(name);
      await picker
        .locator(`[data-testid="picker-object"][data-object-name="${name}"]`)
        .getByRole('checkbox')
        .check();
    }
    await picker.getByTestId('picker-add').click();
    await expect(picker).toBeHidden();
    await expect(page.getByTestId('pocket-object')).toHaveCount(2);

    // Export starts on the folders the user made: none yet.
    await page.goto('/app/export');
    await expect(page.getByTestId('staticdocs-view-mode')).toHaveAttribute(
      'data-view-mode',
      'selfCreatedFolder',
    );
    await expect(page.getByTestId('folders-empty')).toContainText('No sites yet');

    // New site: the pocket, a name, then the build's progress until it is ready.
    await page.getByTestId('new-site-button').click();
    const dialog = page.getByTestId('new-site-dialog');
    await dialog.getByTestId('new-site-pocket').click();
    await page.getByRole('option', { name: /Greeter API/ }).click();
    await expect(dialog.getByTestId('new-site-name')).toHaveValue('Greeter API');
    await dialog.getByTestId('new-site-name').fill('Greeter docs');
    await dialog.getByTestId('new-site-submit').click();
    const progress = dialog.getByTestId('new-site-progress');
    await expect(progress).toHaveAttribute('data-status', 'succeeded', { timeout: 60_000 });
    await expect(progress).toContainText('Site ready');
    await keepScreenshot(page, 'export-new-site-ready');

    // Open it: a new tab on the short-lived, sandboxed address; search finds greet.
    const [site] = await Promise.all([
      context.waitForEvent('page'),
      dialog.getByTestId('new-site-open').click(),
    ]);
    await site.waitForURL(/\/sites\/[^/]+\/index\.html$/);
    await site.locator('#search-input').fill('greet');
    const firstResult = site.locator('#search-results .search-result a').first();
    await expect(firstResult.locator('.result-name')).toHaveText('greet');
    await firstResult.click();
    await site.waitForURL(/#function\.greet$/);
    await site.close();
    await dialog.getByTestId('new-site-close').click();
    await expect(dialog).toBeHidden();

    // The folder: ready, pinned to the repository's commit, with its size.
    const row = page.locator('[data-testid="folder-row"][data-folder-name="Greeter docs"]');
    await expect(row.getByTestId('folder-status')).toHaveText('Ready');
    await expect(row.getByTestId('folder-pins')).toContainText(repo);
    await expect(row.getByTestId('folder-size')).toContainText('files');
    await keepScreenshot(page, 'export-folders');
    await page.getByRole('button', { name: 'Toggle dark mode' }).click();
    await keepScreenshot(page, 'export-folders-dark');
    await page.getByRole('button', { name: 'Toggle dark mode' }).click();

    // Browse its files, preview the index page, download two of them.
    await row.getByTestId('folder-browse').click();
    const files = page.getByTestId('folder-files-dialog');
    const indexRow = files.locator('[data-testid="folder-file"][data-path="index.html"]');
    await indexRow.getByTestId('folder-file-open').click();
    await expect(files.getByTestId('file-preview-text')).toContainText('<!doctype html>', {
      ignoreCase: true,
    });
    await keepScreenshot(page, 'export-browse-files');
    await indexRow.getByTestId('folder-file-check').check();
    await files
      .locator('[data-testid="folder-file"][data-path="search-index.js"]')
      .getByTestId('folder-file-check')
      .check();
    const [part] = await Promise.all([
      page.waitForEvent('download'),
      files.getByTestId('folder-files-download-selected').click(),
    ]);
    work = mkdtempSync(join(tmpdir(), 'codedocs-e2e-site-'));
    const partDir = join(work, 'part');
    mkdirSync(partDir);
    expect(await unzipDownload(part, partDir)).toEqual(['index.html', 'search-index.js']);
    await page.keyboard.press('Escape');
    await expect(files).toBeHidden();

    // The whole site as a zip, unpacked to a temporary folder.
    const [whole] = await Promise.all([
      page.waitForEvent('download'),
      row.getByTestId('folder-download').click(),
    ]);
    expect(whole.suggestedFilename()).toBe('Greeter docs.zip');
    const siteDir = join(work, 'site');
    mkdirSync(siteDir);
    const names = await unzipDownload(whole, siteDir);
    expect(names).toContain('index.html');
    expect(names).toContain('search-index.js');

    // On a phone the screen fits without sideways scrolling.
    await page.setViewportSize({ width: 390, height: 800 });
    await expect(row).toBeVisible();
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBeLessThanOrEqual(0);
    await keepScreenshot(page, 'export-phone');

    // Offline from disk: no request may leave, search, follow a cross-link, go dark.
    const leaked: string[] = [];
    await context.route(/^(https?|wss?):/, async (route) => {
      leaked.push(route.request().url());
      await route.abort();
    });
    await context.setOffline(true);
    const offline = await context.newPage();
    const problems: string[] = [];
    offline.on('pageerror', (error) => problems.push(error.message));
    await offline.goto(pathToFileURL(join(siteDir, 'index.html')).href);
    await offline.keyboard.press('/');
    await offline.keyboard.type('greet');
    const result = offline.locator('#search-results .search-result a').first();
    await expect(result.locator('.result-name')).toHaveText('greet');
    await result.click();
    await offline.waitForURL(/app\.ts\.html#function\.greet$/);
    await offline.locator('#function\\.greet .relations a', { hasText: 'formatGreeting' }).click();
    await offline.waitForURL(/format\.ts\.html#function\.formatGreeting$/);
    await expect(offline.locator('#function\\.formatGreeting h2')).toBeVisible();

    const background = () =>
      offline.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const light = await background();
    await offline.locator('#theme-toggle').click();
    expect(await offline.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await expect(offline.locator('#theme-toggle')).toHaveAttribute('aria-pressed', 'true');
    expect(await background()).not.toBe(light);
    await keepScreenshot(offline, 'export-site-offline-dark');

    expect(leaked).toEqual([]);
    expect(problems).toEqual([]);
    await context.setOffline(false);
    await context.unrouteAll();
    await offline.close();
  });
});
