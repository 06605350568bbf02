import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, extname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../src/index.ts';
import { fixtureModel } from './fixture.ts';

/** Debian's Chromium with the flags known to work here (shared/TESTING.md, e2e/fixtures.ts). */
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
];

describe.skipIf(!existsSync(CHROMIUM_PATH))('a built site opened from disk in Chromium', () => {
  let siteDir: string;
  let profile: string;
  let context: BrowserContext;
  let page: Page;
  const networkRequests: string[] = [];
  const problems: string[] = [];

  beforeAll(async () => {
    siteDir = mkdtempSync(join(tmpdir(), 'codedocs-site-'));
    profile = mkdtempSync(join(tmpdir(), 'codedocs-chromium-'));
    await buildSite(fixtureModel(), {
      async write(path, data) {
        const target = join(siteDir, path);
        mkdirSync(dirname(target), { recursive: true });
        writeFileSync(target, data);
      },
    });
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_ARGS,
      colorScheme: 'light',
      viewport: { width: 1280, height: 800 },
    });
    // No request may leave the site: every http(s) request is recorded and refused.
    await context.route(/^https?:/, async (route) => {
      networkRequests.push(route.request().url());
      await route.abort();
    });
    page = context.pages()[0] ?? (await context.newPage());
    page.on('console', (message) => {
      if (message.type() === 'error' || /Content Security Policy/i.test(message.text())) {
        problems.push(message.text());
      }
    });
    page.on('pageerror', (error) => problems.push(error.message));
  });

  afterAll(async () => {
    await context?.close();
    rmSync(profile, { recursive: true, force: true });
    rmSync(siteDir, { recursive: true, force: true });
  });

  const url = (path: string) => pathToFileURL(join(siteDir, path)).href;

  it('searches with /, follows a result and a cross-link, toggles dark, with no request out', async () => {
    await page.goto(url('index.html'));
    await expect.poll(() => page.title()).toBe('Overview · Acme platform docs');

    await page.keyboard.press('/');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('search-input');
    await page.keyboard.type('decode');
    const first = page.locator('#search-results .search-result a').first();
    await first.waitFor();
    expect(await first.locator('.result-name').textContent()).toBe('decodeEntry');
    await first.click();
    await page.waitForURL(/codec\.ts\.html#function\.decodeEntry$/);
    expect(await page.locator('#function\\.decodeEntry h2').isVisible()).toBe(true);

    // Called by → Store.get on the other file page.
    await page.locator('#function\\.decodeEntry .relations a', { hasText: 'Store.get' }).click();
    await page.waitForURL(/store\.ts\.html#method\.Store\.get$/);
    expect(await page.locator('#method\\.Store\\.get .signature').textContent()).toContain(
      'get(key: string',
    );
    // A link in the call diagram crosses repositories.
    await page.locator('#method\\.Store\\.get svg a', { hasText: 'run_pipeline' }).click();
    await page.waitForURL(/ingest\/pipeline\.py\.html#function\.ingest\.pipeline\.run_pipeline$/);

    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(await background()).toBe('rgb(255, 255, 255)');
    await page.locator('#theme-toggle').click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await background()).toBe('rgb(13, 17, 23)');
    expect(await page.locator('#theme-toggle').getAttribute('aria-pressed')).toBe('true');
    await page.goto(url('index.html'));
    expect(await background()).toBe('rgb(13, 17, 23)'); // remembered across pages

    expect(networkRequests).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('shows full results on the search page after Enter', async () => {
    await page.goto(url('repos/kv-store/index.html'));
    await page.locator('#search-input').fill('flush');
    await page.locator('#search-input').press('Enter');
    await page.waitForURL(/search\.html\?q=flush$/);
    await page.locator('#search-page-results .search-result').first().waitFor();
    // The name match first, then the object whose summary mentions it ("…and flushes them").
    expect(await page.locator('#search-page-results .result-name').allTextContents()).toEqual([
      'flush',
      'run_pipeline',
    ]);
    expect(await page.locator('#search-page-status').textContent()).toBe('2 results for “flush”.');
    // A malformed query string is read without an error.
    await page.goto(`${url('search.html')}?q=%E0%zz+Store`);
    await expect
      .poll(() => page.locator('#search-page-status').textContent())
      .toBe('0 results for “\ufffd%zz Store”.');
    expect(await page.locator('#search-input').inputValue()).toBe('\ufffd%zz Store');
    expect(networkRequests).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('fits a phone screen without horizontal scrolling', async () => {
    await page.setViewportSize({ width: 390, height: 800 });
    for (const path of ['index.html', 'repos/kv-store/files/src/store.ts.html']) {
      await page.goto(url(path));
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});

/**
 * The server serves sites from an opaque origin: `sandbox allow-scripts` without
 * allow-same-origin, and `form-action 'none'` (apps/server routes/staticdocs/site-routes.ts).
 * Styles, scripts, search and the toggle must work there too (localStorage throws there).
 */
const SERVED_CSP =
  "sandbox allow-scripts allow-popups allow-popups-to-escape-sandbox; default-src 'self' data:; " +
  "script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'none'; " +
  "object-src 'none'; base-uri 'none'; form-action 'none'";
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

describe.skipIf(!existsSync(CHROMIUM_PATH))('a built site served in a sandbox', () => {
  let siteDir: string;
  let profile: string;
  let server: Server;
  let context: BrowserContext;
  let base: string;
  const problems: string[] = [];

  beforeAll(async () => {
    siteDir = mkdtempSync(join(tmpdir(), 'codedocs-site-'));
    profile = mkdtempSync(join(tmpdir(), 'codedocs-chromium-'));
    await buildSite(fixtureModel(), {
      async write(path, data) {
        const target = join(siteDir, path);
        mkdirSync(dirname(target), { recursive: true });
        writeFileSync(target, data);
      },
    });
    server = createServer((request, response) => {
      const path = decodeURIComponent(new URL(request.url ?? '/', 'http://site').pathname).slice(1);
      if (path.includes('..') || !existsSync(join(siteDir, path))) {
        response.writeHead(404).end();
        return;
      }
      response.writeHead(200, {
        'content-type': TYPES[extname(path)] ?? 'application/octet-stream',
        'content-security-policy': SERVED_CSP,
        'x-content-type-options': 'nosniff',
      });
      response.end(readFileSync(join(siteDir, path)));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_ARGS,
    });
    await context.route(
      (url) => url.origin !== base,
      (route) => route.abort(),
    );
  });

  afterAll(async () => {
    await context?.close();
    await new Promise((resolve) => server?.close(resolve));
    rmSync(profile, { recursive: true, force: true });
    rmSync(siteDir, { recursive: true, force: true });
  });

  it('styles, searches (Enter opens the search page), and toggles dark', async () => {
    const page = context.pages()[0] ?? (await context.newPage());
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) problems.push(message.text());
    });
    await page.goto(`${base}/index.html`);
    expect(await page.evaluate(() => self.origin)).toBe('null'); // opaque: the sandbox holds
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
      'rgb(255, 255, 255)',
    );
    await page.keyboard.press('/');
    await page.keyboard.type('store');
    await page.locator('#search-results .search-result').first().waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL(/search\.html\?q=store$/);
    await page.locator('#search-page-results .search-result').first().waitFor();
    expect(await page.locator('#search-page-results .result-name').first().textContent()).toBe(
      'Store',
    );
    await page.locator('#theme-toggle').click();
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
      'rgb(13, 17, 23)',
    );
    expect(problems).toEqual([]);
  });
});
