import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects } from '../test/test-app';
import type { TestApp } from '../test/test-app';
import { wantsAppShell } from './spa';

const dialects = await testDialects();
const INDEX_HTML = '<!doctype html><html><body><div id="root"></div>fixture</body></html>';
const HTML = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('wantsAppShell', () => {
  it('falls back for navigations to client routes', () => {
    expect(wantsAppShell('GET', '/app/dashboard', HTML.accept)).toBe(true);
    expect(wantsAppShell('HEAD', '/auth/login', 'text/html')).toBe(true);
    expect(wantsAppShell('GET', '/app/files', '*/*')).toBe(true);
    expect(wantsAppShell('GET', '/app/files', undefined)).toBe(true);
  });

  it('never falls back for the API, other methods, or missing files', () => {
    expect(wantsAppShell('GET', '/api/nope', HTML.accept)).toBe(false);
    expect(wantsAppShell('GET', '/api', HTML.accept)).toBe(false);
    expect(wantsAppShell('POST', '/app/dashboard', HTML.accept)).toBe(false);
    expect(wantsAppShell('GET', '/assets/missing', '*/*')).toBe(false);
    expect(wantsAppShell('GET', '/favicon.ico', 'image/*,*/*')).toBe(false);
    expect(wantsAppShell('GET', '/app/dashboard', 'application/json')).toBe(false);
  });
});

describe.each(dialects)('SPA serving on %s', (dialect) => {
  let testApp: TestApp;
  let webDistDir: string;

  beforeAll(async () => {
    webDistDir = mkdtempSync(join(tmpdir(), 'codedocs-web-dist-'));
    mkdirSync(join(webDistDir, 'assets'));
    writeFileSync(join(webDistDir, 'index.html'), INDEX_HTML);
    writeFileSync(join(webDistDir, 'assets', 'index-3f2a9c.js'), 'console.log("app");');
    writeFileSync(join(webDistDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    testApp = await createTestApp(dialect, { webDistDir });
  });

  afterAll(async () => {
    await testApp.close();
    rmSync(webDistDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = HTML) =>
    testApp.app.inject({ method: 'GET', url, headers });

  it('serves index.html at / without long-term caching', async () => {
    const response = await get('/');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX_HTML);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed assets with an immutable one-year cache', async () => {
    const response = await get('/assets/index-3f2a9c.js', { accept: '*/*' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log("app");');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves other files of the build', async () => {
    const response = await get('/favicon.svg', { accept: 'image/*' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('answers index.html for client routes (history fallback)', async () => {
    for (const url of ['/app/dashboard', '/auth/login', '/invite/folder/private/abc?x=1']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.body, url).toBe(INDEX_HTML);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('never falls back for API paths or missing assets', async () => {
    const api = await get('/api/nope');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'not_found' });

    const asset = await get('/assets/gone-123.js', { accept: '*/*' });
    expect(asset.statusCode).toBe(404);
    expect(asset.body).not.toBe(INDEX_HTML);
  });

  it('keeps serving the API next to the SPA', async () => {
    expect((await get('/api/health', { accept: 'application/json' })).statusCode).toBe(200);
  });
});

describe.each(dialects)('without a web build on %s', (dialect) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp(dialect);
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('answers / and client routes with a note to run the build', async () => {
    for (const url of ['/', '/app/dashboard']) {
      const response = await testApp.app.inject({ method: 'GET', url, headers: HTML });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.body, url).toContain('npm run build');
    }
  });

  it('still runs the API', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
  });
});
