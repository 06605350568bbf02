import { expect, type Page } from '@playwright/test';
import type { ServedRepo } from './git-repos';

/** Connects a repository of the e2e git daemon through Repositories and waits for its row. */
export async function connectServedRepo(page: Page, served: ServedRepo, name: string) {
  await page.goto('/app/repository');
  await page.getByTestId('connect-repo-button').click();
  await page.getByTestId('connect-url').fill(served.url);
  await page.getByTestId('connect-submit').click();
  await expect(page.locator(`[data-testid="repo-row"][data-repo-name="${name}"]`)).toBeVisible({
    timeout: 30_000,
  });
}
