import { connectThroughUi, unique } from './app-steps';
import { expect, keepScreenshot, test } from './fixtures';
import { createServedRepo, type ServedRepo } from './git-repos';
import { enterAsSignedInVisitor } from './session';

const PYPROJECT = `[project]
name = "tally"
version = "1.0.0"

[project.scripts]
tally = "tally.cli:main"
`;

// A Python package in the src/ layout with a console script and `python -m tally`.
const FILES = {
  'pyproject.toml': PYPROJECT,
  'src/tally/__init__.py': 'from .counter import Counter\n',
  'src/tally/__main__.py': 'from .cli import main\n\nmain()\n',
  'src/tally/cli.py':
    'from .counter import count_words\n\ndef main(argv=None):\n    print(count_words("a b"))\n    return 0\n',
  'src/tally/counter.py':
    'class Counter:\n    def __init__(self):\n        self.seen = {}\n\ndef count_words(text):\n    return len(text.split())\n',
  'tests/test_counter.py':
    'from tally.counter import count_words\n\ndef test_two():\n    assert count_words("a b") == 2\n',
};

/**
 * Issue 21, point 4: the repository overview. Open it from the repository card, read the facts
 * (entry points, the dependency graph), edit a section, push a change and sync (the repository
 * is indexed again): the person's text is kept, flagged as written for older facts, and the
 * sections nobody edited follow the new code.
 */
test.describe('repository overview', () => {
  test.describe.configure({ timeout: 180_000 });
  let served: ServedRepo | undefined;

  test.afterEach(() => served?.dispose());

  test.beforeEach(async ({ context, baseURL }) => {
    await enterAsSignedInVisitor(context, baseURL!);
  });

  test('open, edit a section, re-index, and the edit is kept', async ({ page }) => {
    const name = unique('overview');
    served = createServedRepo(name, FILES);
    await connectThroughUi(page, served, name);
    const row = page.locator(`[data-testid="repo-row"][data-repo-name="${name}"]`);

    await row.getByTestId('repo-overview-link').click();
    await expect(page).toHaveURL(/\/app\/repository\?overview=/);
    await expect(page.getByTestId('overview-heading')).toContainText(name);
    // indexing runs in the background: the screen asks again until the facts are there
    const entries = page.getByTestId('overview-text-entry_points');
    await expect(entries).toContainText('tally', { timeout: 45_000 });
    await expect(entries).toContainText('python -m tally');
    await expect(entries).toContainText('src/tally/cli.py');
    await expect(page.getByTestId('overview-graph')).toBeVisible();
    await expect(page.getByTestId('overview-text-most_used')).toContainText('count_words');

    // edit the summary and save
    await page.getByTestId('overview-edit-summary').click();
    await page.getByTestId('overview-summary-editor').fill('Counts words in **text files**.');
    await page.getByTestId('overview-save-summary').click();
    const summary = page.getByTestId('overview-section-summary');
    await expect(page.getByTestId('overview-text-summary')).toHaveText(
      'Counts words in text files.',
    );
    await expect(summary).toContainText('edited');
    await keepScreenshot(page, 'repository-overview');

    // a second console script is pushed; sync indexes the new commit
    served.commit(
      'main',
      { 'pyproject.toml': `${PYPROJECT}tally-count = "tally.counter:count_words"\n` },
      'A second script',
    );
    await page.getByRole('link', { name: 'Back to repositories' }).click();
    await row.getByTestId('repo-sync').click();
    await expect(row.getByTestId('repo-status')).toContainText(/connected/i, { timeout: 30_000 });

    await row.getByTestId('repo-overview-link').click();
    await expect(page.getByTestId('overview-text-entry_points')).toContainText('tally-count', {
      timeout: 30_000,
    });
    await expect(page.getByTestId('overview-text-summary')).toHaveText(
      'Counts words in text files.',
    );
    await expect(summary.getByTestId('overview-stale')).toBeVisible();

    // a reload reads it from the server again
    await page.reload();
    await expect(page.getByTestId('overview-text-summary')).toHaveText(
      'Counts words in text files.',
      { timeout: 30_000 },
    );

    // the objects it names open in Live docs
    await page
      .getByTestId('overview-section-most_used')
      .getByRole('link', { name: 'count_words' })
      .click();
    await expect(page).toHaveURL(/\/app\/livedocs\?repo=.*&object=/);
    await expect(page.getByTestId('livedocs-signature')).toContainText('count_words', {
      timeout: 30_000,
    });
  });

  test('fits a 390 px phone in dark mode', async ({ page }) => {
    const name = unique('overview-phone');
    served = createServedRepo(name, FILES);
    await connectThroughUi(page, served, name);
    await page.evaluate(() => localStorage.setItem('darkMode', 'true'));
    await page.setViewportSize({ width: 390, height: 844 });
    await page
      .locator(`[data-testid="repo-row"][data-repo-name="${name}"]`)
      .getByTestId('repo-overview-link')
      .click();
    await expect(page.getByTestId('overview-text-entry_points')).toContainText('tally', {
      timeout: 45_000,
    });
    await page.reload();
    await expect(page.getByTestId('overview-graph')).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('html')).toHaveClass(/dark/);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await keepScreenshot(page, 'repository-overview-phone-dark');
  });
});
