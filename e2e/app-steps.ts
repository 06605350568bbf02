import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import type { ServedRepo } from './git-repos';

/** A name no other test run uses (repositories are served from one shared folder). */
export const unique = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;

/** Connects a served repository through the Repositories screen and waits for its card. */
export async function connectThroughUi(page: Page, served: ServedRepo, name: string) {
  await page.goto('/app/repository');
  await page.getByTestId('connect-repo-button').click();
  await page.getByTestId('connect-url').fill(served.url);
  await page.getByTestId('connect-submit').click();
  await expect(page.locator(`[data-testid="repo-row"][data-repo-name="${name}"]`)).toBeVisible({
    timeout: 30_000,
  });
}
