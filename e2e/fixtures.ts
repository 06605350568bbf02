import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, test as base, type BrowserContext, type Page } from '@playwright/test';

/** Debian's Chromium with the flags known to work on these machines (../shared/TESTING.md). */
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const screenshotDir = join(import.meta.dirname, '..', 'test-results', 'screens');

/**
 * Every test gets its own browser profile: a persistent context in a fresh empty directory
 * (Playwright rejects --user-data-dir in args), removed afterwards.
 */
export const test = base.extend<{ context: BrowserContext; page: Page }>({
  context: async ({ baseURL, viewport }, use) => {
    const profile = mkdtempSync(join(tmpdir(), 'codedocs-chromium-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_ARGS,
      baseURL,
      viewport: viewport ?? { width: 1280, height: 800 },
    });
    try {
      await use(context);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  },
  page: async ({ context }, use) => {
    const page = context.pages()[0] ?? (await context.newPage());
    await use(page);
  },
});

/** Saves a full-page screenshot under test-results/screens/ for human review. */
export async function keepScreenshot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true });
}

export { expect } from '@playwright/test';
