import { expect, keepScreenshot, test } from './fixtures';
import { createServedRepo, type ServedRepo } from './git-repos';
import { enterAsSignedInVisitor } from './session';

/**
 * The repository journey of issue 4 against the real server and a real git daemon: connect, watch
 * the task, browse and filter the files, open one, switch branch, sync a new commit, delete.
 */
test.describe('repositories', () => {
  test.describe.configure({ timeout: 120_000 });
  let served: ServedRepo | undefined;

  test.afterEach(() => served?.dispose());

  test.beforeEach(async ({ context, baseURL }) => {
    await enterAsSignedInVisitor(context, baseURL!);
  });

  test('connect, browse, filter, open, switch branch, sync and delete', async ({ page }) => {
    const name = `journey-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
    served = createServedRepo(
      name,
      {
        'README.md': '# Journey\n\nA repository made by the end-to-end test.\n',
        'src/app.ts':
          'export function greet(name: string): string {\n  return `Hello ${name}`;\n}\n',
        'src/math/add.py': 'def add(a, b):\n    """Adds two numbers."""\n    return a + b\n',
        'docs/guide.md': '# Guide\n',
      },
      { feature: { 'src/feature.ts': 'export const feature = true;\n' } },
    );
    await page.goto('/app/repository');
    await expect(page.getByTestId('repos-empty')).toBeVisible();

    // Connect over git:// and watch the pending entry until the repository is listed.
    await page.getByTestId('connect-repo-button').click();
    await page.getByTestId('connect-url').fill(served.url);
    await page.getByTestId('connect-submit').click();
    const row = page.locator(`[data-testid="repo-row"][data-repo-name="${name}"]`);
    await expect(row).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('connecting-entry')).toHaveCount(0);
    await expect(row.getByTestId('repo-status')).toContainText(/connected/i);
    await keepScreenshot(page, 'repository-list');

    // Browse: every file listed, the name filter narrows, a file opens highlighted.
    await page.goto('/app/files');
    await expect(page.getByTestId('files-total')).toContainText('4');
    await expect(page.getByTestId('file-row')).toHaveCount(4);
    await page.getByTestId('files-filter').fill('add');
    await expect(page.getByTestId('file-row')).toHaveCount(1);
    await page.getByTestId('file-row').first().click();
    await expect(page.getByTestId('file-viewer-path')).toContainText('src/math/add.py');
    await expect(page.getByTestId('file-viewer')).toContainText('Adds two numbers.');
    await keepScreenshot(page, 'files-viewer');
    await page.getByTestId('files-filter').fill('');
    await expect(page.getByTestId('file-row')).toHaveCount(4);

    // Switch branch: the feature branch adds one file.
    await page.getByTestId('files-branch-select').click();
    await page.getByRole('option', { name: 'feature' }).click();
    await expect(page.getByTestId('file-row')).toHaveCount(5, { timeout: 20_000 });
    await expect(
      page.locator('[data-testid="file-row"][data-path="src/feature.ts"]'),
    ).toBeVisible();

    // A new commit on the served branch, then sync: the new file shows; a second sync has nothing new.
    served.commit('feature', { 'src/later.ts': 'export const later = 1;\n' }, 'Add later');
    await page.goto('/app/repository');
    await row.getByTestId('repo-sync').click();
    await expect(row.getByTestId('repo-status')).toContainText(/connected/i, { timeout: 20_000 });
    await page.goto('/app/files');
    await expect(page.locator('[data-testid="file-row"][data-path="src/later.ts"]')).toBeVisible({
      timeout: 20_000,
    });
    await page.goto('/app/repository');
    await row.getByTestId('repo-sync').click();
    await expect(page.getByText(/up to date/i).first()).toBeVisible();

    // Delete with confirmation.
    await row.getByTestId('repo-delete').click();
    await page.getByTestId('repo-delete-confirm').click();
    await expect(row).toHaveCount(0);
    await expect(page.getByTestId('repos-empty')).toBeVisible();
  });

  test('a URL that breaks a rule is refused in the dialog before anything is queued', async ({
    page,
  }) => {
    await page.goto('/app/repository');
    await page.getByTestId('connect-repo-button').click();
    await page.getByTestId('connect-url').fill('ext::git-upload-pack');
    await page.getByTestId('connect-submit').click();
    await expect(page.getByTestId('connect-url-error')).toContainText('Repository URL refused');
    await expect(page.getByTestId('connecting-entry')).toHaveCount(0);
  });
});

test.describe('SSH keys', () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await enterAsSignedInVisitor(context, baseURL!);
  });

  test('generate a key, see and copy its public half, then delete it', async ({ page }) => {
    await page.goto('/app/settings/authentication');
    await page.getByTestId('ssh-generate').click();
    await page.getByLabel('Name').fill('laptop');
    await page.getByTestId('ssh-generate-submit').click();
    await expect(page.getByTestId('ssh-public-key')).toHaveValue(/^ssh-ed25519 AAAA\S+ \S*laptop$/);
    await page.getByTestId('ssh-copy').click();
    await page.getByRole('button', { name: 'Done' }).click();

    const row = page.getByTestId('ssh-key-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('laptop');
    await expect(row).toContainText('SHA256:');
    await keepScreenshot(page, 'settings-ssh-keys');

    await row.getByTestId('ssh-delete').click();
    await page.getByTestId('ssh-delete-confirm').click();
    await expect(page.getByTestId('ssh-key-row')).toHaveCount(0);
  });
});
