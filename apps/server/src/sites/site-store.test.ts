import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { contentTypeOf, localSiteStore, safeSitePath } from './site-store';

describe('site paths (DESIGN.md section 8: normalised relative names only)', () => {
  it('keeps relative POSIX paths and refuses every other shape', () => {
    expect(safeSitePath('index.html')).toBe('index.html');
    expect(safeSitePath('repo/src/server.ts.html')).toBe('repo/src/server.ts.html');
    for (const bad of [
      '',
      '/etc/passwd',
      '../up.html',
      'a/../../b',
      'a//b',
      './a',
      'a/',
      'a\\b',
      'a\u0000b',
      'a\nb',
    ]) {
      expect(() => safeSitePath(bad), JSON.stringify(bad)).toThrow();
    }
  });

  it('serves each kind of file with its content type', () => {
    expect(contentTypeOf('index.html')).toBe('text/html; charset=utf-8');
    expect(contentTypeOf('search-index.js')).toBe('text/javascript; charset=utf-8');
    expect(contentTypeOf('a/style.CSS')).toBe('text/css; charset=utf-8');
    expect(contentTypeOf('noextension')).toBe('application/octet-stream');
  });
});

describe('the local site store', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'codedocs-site-store-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('writes a build readable by the server only, reads it back, lists and removes builds', async () => {
    const store = localSiteStore(dataDir);
    const writer = store.writer('f1', 'b-1');
    await writer.write('index.html', '<html></html>');
    await writer.write('repo/page.html', new Uint8Array([104, 105]));
    expect(writer.written().map((f) => [f.path, f.size])).toEqual([
      ['index.html', 13],
      ['repo/page.html', 2],
    ]);
    await expect(writer.write('../escape.html', 'x')).rejects.toThrow();
    const file = join(dataDir, 'sites', 'f1', 'b-1', 'index.html');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const stream = await store.open('f1', 'b-1', 'repo/page.html');
    const chunks: Buffer[] = [];
    for await (const chunk of stream!) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('hi');
    expect(await store.open('f1', 'b-1', 'missing.html')).toBeNull();
    expect(await store.open('f1', 'b-1', 'repo')).toBeNull();
    await store.writer('f1', 'b-2').write('index.html', 'new');
    expect((await store.builds()).get('f1')?.sort()).toEqual(['b-1', 'b-2']);
    await store.remove('f1', 'b-1');
    expect((await store.builds()).get('f1')).toEqual(['b-2']);
    await store.remove('f1');
    expect((await store.builds()).has('f1')).toBe(false);
    expect(() => store.writer('../f', 'b')).toThrow();
  });
});
