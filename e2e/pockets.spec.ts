import type { Page } from '@playwright/test';
import { expect, keepScreenshot, test } from './fixtures';
import { connectThroughUi, unique } from './app-steps';
import { createServedRepo, type ServedRepo } from './git-repos';
import { enterAsSignedInVisitor } from './session';

const APP_TS = `/** Greets someone by name. */
export function greet(name: string): string {
  return \`Hello \${name}\`;
}

export function farewell(name: string): string {
  return \`Bye \${name}\`;
}
`;

const MATH_PY = `def double(x):
    """Twice x."""
    return x * 2


def triple(x):
    return x * 3
`;

/** Opens Live docs on one repository and waits until its code has been read. */
async function openLivedocs(page: Page, repoName: string, filePath: string) {
  await page.goto('/app/livedocs');
  await page.getByTestId('livedocs-repo-select').click();
  await page.getByRole('option', { name: repoName }).click();
  const fileRow = page.getByTestId(`livedocs-file-${filePath}`);
  await expect(fileRow).toBeVisible({ timeout: 30_000 });
  return fileRow;
}

const pocketObjects = (page: Page) =>
  page
    .getByTestId('pocket-object')
    .evaluateAll((rows) => rows.map((row) => (row as HTMLElement).dataset.objectName));

/**
 * The pockets journey of issue 15 against the real server and git daemon: two repositories,
 * a pocket filled from Live docs (selection and object panel) and from the cross-repository
 * picker, filtered, reordered (kept after a reload), pruned, and deleted.
 */
test.describe('pockets', () => {
  test.describe.configure({ timeout: 180_000 });
  const served: ServedRepo[] = [];

  test.afterEach(() => {
    for (const repo of served.splice(0)) repo.dispose();
  });

  test.beforeEach(async ({ context, baseURL }) => {
    await enterAsSignedInVisitor(context, baseURL!);
  });

  test('create, add from Live docs and the picker, filter, reorder, remove, delete', async ({
    page,
  }) => {
    const web = unique('web');
    const maths = unique('maths');
    served.push(createServedRepo(web, { 'src/app.ts': APP_TS }));
    served.push(createServedRepo(maths, { 'maths.py': MATH_PY }));
    await connectThroughUi(page, served[0]!, web);
    await connectThroughUi(page, served[1]!, maths);

    // Create a pocket: it is appended to the list and opened, empty.
    await page.goto('/app/pockets');
    await expect(page.getByTestId('pockets-empty')).toBeVisible();
    await page.getByTestId('pocket-create').click();
    await page.getByTestId('pocket-name-input').fill('Service APIs');
    await page.getByTestId('pocket-name-submit').click();
    await expect(page.getByTestId('pocket-row')).toHaveAttribute(
      'data-pocket-name',
      'Service APIs',
    );
    await expect(page.getByTestId('pocket-objects-empty')).toBeVisible();

    // From Live docs: the selected objects of the list, into the existing pocket.
    const appFile = await openLivedocs(page, web, 'src/app.ts');
    await appFile.click();
    await page.getByTestId('livedocs-object-check-greet').check();
    await page.getByTestId('livedocs-add-selected-to-pocket').click();
    const addDialog = page.getByTestId('add-to-pocket-dialog');
    await expect(addDialog.getByRole('radio', { name: /Service APIs/ })).toBeChecked();
    await addDialog.getByTestId('add-to-pocket-submit').click();
    await expect(addDialog).toBeHidden();
    await expect(page.getByText('Added to “Service APIs”', { exact: true })).toBeVisible();

    // From the object panel: farewell into a new pocket made on the spot.
    await page.getByTestId('livedocs-object-farewell').click();
    await page.getByTestId('livedocs-add-to-pocket').click();
    await addDialog.getByTestId('add-to-pocket-new').click();
    await addDialog.getByTestId('add-to-pocket-name').fill('Onboarding');
    await addDialog.getByTestId('add-to-pocket-submit').click();
    await expect(addDialog).toBeHidden();

    // The second repository's code has been read too.
    await openLivedocs(page, maths, 'maths.py');

    // The picker: objects of both repositories, found by name; greet shows as already in.
    await page.goto('/app/pockets');
    await page.locator('[data-testid="pocket-row"][data-pocket-name="Service APIs"]').click();
    await expect(page.getByTestId('pocket-object')).toHaveCount(1);
    await page.getByTestId('pocket-add-objects').click();
    const picker = page.getByTestId('add-objects-dialog');
    const search = picker.getByTestId('picker-search');
    await search.fill('greet');
    const greetRow = picker.locator('[data-testid="picker-object"][data-object-name="greet"]');
    await expect(greetRow.getByTestId('picker-object-present')).toHaveText('In pocket');
    await search.fill('farewell');
    await picker
      .locator('[data-testid="picker-object"][data-object-name="farewell"]')
      .getByRole('checkbox')
      .check();
    await search.fill('');
    await picker.getByTestId('picker-repo').click();
    await page.getByRole('option', { name: maths }).click();
    // double, triple and the module maths itself
    await expect(picker.getByTestId('picker-object')).toHaveCount(3);
    await picker
      .locator('[data-testid="picker-object"][data-object-name="double"]')
      .getByRole('checkbox')
      .check();
    await picker
      .locator('[data-testid="picker-object"][data-object-name="triple"]')
      .getByRole('checkbox')
      .check();
    await expect(picker.getByTestId('picker-chosen-count')).toHaveText('3 selected');
    await keepScreenshot(page, 'pockets-picker');
    await picker.getByTestId('picker-add').click();
    await expect(picker).toBeHidden();

    // Grouped by repository, in the order added.
    await expect(page.getByTestId('pocket-object')).toHaveCount(4);
    expect(await pocketObjects(page)).toEqual(['greet', 'farewell', 'double', 'triple']);
    await expect(page.getByTestId('pocket-repo')).toHaveCount(2);
    await expect(page.getByTestId('pocket-counts')).toHaveText('4 objects from 2 repositories');
    await keepScreenshot(page, 'pockets-detail');
    await page.getByRole('button', { name: 'Toggle dark mode' }).click();
    await keepScreenshot(page, 'pockets-detail-dark');
    await page.getByRole('button', { name: 'Toggle dark mode' }).click();

    // Filters: name, then repository.
    await page.getByTestId('pocket-object-filter').fill('dou');
    await expect(page.getByTestId('pocket-object')).toHaveCount(1);
    await page.getByTestId('pocket-object-filter').fill('');
    await page.getByTestId('pocket-repo-filter').click();
    await page.getByRole('option', { name: maths }).click();
    expect(await pocketObjects(page)).toEqual(['double', 'triple']);
    await page.getByTestId('pocket-repo-filter').click();
    await page.getByRole('option', { name: 'All repositories' }).click();
    await expect(page.getByTestId('pocket-object')).toHaveCount(4);

    // Reorder from the keyboard; the order is saved and survives a reload.
    const triple = page.locator('[data-testid="pocket-object"][data-object-name="triple"]');
    await triple.focus();
    await page.keyboard.press('Alt+ArrowUp');
    await expect(triple).toBeFocused();
    await page.keyboard.press('Alt+ArrowDown');
    await page.keyboard.press('Alt+ArrowUp');
    await expect(page.getByTestId('pocket-order-status')).toHaveText('Order saved');
    await page.reload();
    await expect(page.getByTestId('pocket-object')).toHaveCount(4);
    expect(await pocketObjects(page)).toEqual(['greet', 'farewell', 'triple', 'double']);

    // And by dragging: farewell above greet.
    await page
      .locator('[data-testid="pocket-object"][data-object-name="farewell"]')
      .dragTo(page.locator('[data-testid="pocket-object"][data-object-name="greet"]'), {
        targetPosition: { x: 40, y: 4 },
      });
    await expect.poll(() => pocketObjects(page)).toEqual(['farewell', 'greet', 'triple', 'double']);
    await expect(page.getByTestId('pocket-order-status')).toHaveText('Order saved');

    // triple is deleted from the code: after a sync it stays listed, marked as removed.
    served[1]!.commit(
      'main',
      { 'maths.py': MATH_PY.replace(/\n\n\ndef triple[\s\S]*$/, '\n') },
      'Drop triple',
    );
    await page.goto('/app/repository');
    const mathsRow = page.locator(`[data-testid="repo-row"][data-repo-name="${maths}"]`);
    await mathsRow.getByTestId('repo-sync').click();
    await expect(mathsRow.getByTestId('repo-status')).toContainText(/connected/i, {
      timeout: 30_000,
    });
    await openLivedocs(page, maths, 'maths.py');
    await page.goto('/app/pockets');
    await page.locator('[data-testid="pocket-row"][data-pocket-name="Service APIs"]').click();
    await expect(
      page
        .locator('[data-testid="pocket-object"][data-object-name="triple"]')
        .getByTestId('pocket-object-status'),
    ).toHaveText('removed from the code', { timeout: 20_000 });
    expect(await pocketObjects(page)).toEqual(['farewell', 'greet', 'triple', 'double']);

    // On a phone the rows fit without sideways scrolling.
    await page.setViewportSize({ width: 390, height: 800 });
    await expect(page.getByTestId('pocket-object')).toHaveCount(4);
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBeLessThanOrEqual(0);
    await keepScreenshot(page, 'pockets-phone-objects');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Remove one, then a selection.
    await page.getByRole('button', { name: 'Remove greet' }).click();
    await expect(page.getByTestId('pocket-object')).toHaveCount(3);
    await page
      .locator('[data-testid="pocket-object"][data-object-name="triple"]')
      .getByTestId('pocket-object-check')
      .check();
    await page
      .locator('[data-testid="pocket-object"][data-object-name="double"]')
      .getByTestId('pocket-object-check')
      .check();
    await expect(page.getByTestId('pocket-selected-count')).toHaveText('2 selected');
    await page.getByTestId('pocket-remove-selected').click();
    await expect(page.getByTestId('pocket-object')).toHaveCount(1);
    expect(await pocketObjects(page)).toEqual(['farewell']);
    await expect(
      page.locator('[data-testid="pocket-row"][data-pocket-name="Service APIs"]'),
    ).toContainText('1 object · 1 repository');

    // Delete after confirmation: the pocket leaves the list, Onboarding stays.
    await page.getByTestId('pocket-delete').click();
    await page.getByTestId('delete-pocket-confirm').click();
    await expect(page.getByTestId('pocket-row')).toHaveCount(1);
    await expect(page.getByTestId('pocket-row')).toHaveAttribute('data-pocket-name', 'Onboarding');
  });

  test('fits a phone: list, then the pocket, then back', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/app/pockets');
    await page.getByTestId('pocket-create').click();
    await page.getByTestId('pocket-name-input').fill('Phone pocket');
    await page.getByTestId('pocket-name-submit').click();
    await expect(page.getByTestId('pocket-detail')).toBeVisible();
    await expect(page.getByTestId('pocket-filter')).toBeHidden();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await keepScreenshot(page, 'pockets-phone-detail');
    await page.getByTestId('pocket-back').click();
    await expect(page.getByTestId('pocket-row')).toBeVisible();
    await expect(page.getByTestId('pocket-detail')).toBeHidden();
  });
});
