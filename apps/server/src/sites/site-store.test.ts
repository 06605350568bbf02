import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type S3TestServer } from '../test/s3-server';
import { s3SiteStore } from './s3-site-store';
import { contentTypeOf, localSiteStore, safeSitePath, type SiteStore } from './site-store';

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

async function readAll(stream: Readable | null): Promise<Buffer> {
  if (!stream) throw new Error('no such file');
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const sorted = (builds: Map<string, string[]>) =>
  Object.fromEntries([...builds].map(([folder, ids]) => [folder, [...ids].sort()]).sort());

let s3: S3TestServer;
let dataDir: string;
beforeAll(async () => {
  s3 = await startS3Server();
  dataDir = mkdtempSync(join(tmpdir(), 'codedocs-site-store-'));
});
afterAll(async () => {
  await s3.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

let stores = 0;
/** A fresh, empty store of each kind (its own folder or key prefix). */
const kinds: [string, () => SiteStore, () => SiteStore][] = [
  [
    'the local disk',
    () => localSiteStore(join(dataDir, `d${++stores}`)),
    () => {
      // a data directory whose `sites` is a file: every write fails
      const broken = join(dataDir, `broken${++stores}`);
      mkdirSync(broken);
      writeFileSync(join(broken, 'sites'), 'not a folder');
      return localSiteStore(broken);
    },
  ],
  [
    'S3-compatible storage (s3rver)',
    () => s3SiteStore(s3.config(`p${++stores}/`), { client: s3.client(), pageSize: 2 }),
    () => s3SiteStore({ ...s3.config(), bucket: 'no-such-bucket' }, { client: s3.client() }),
  ],
];

/** The contract every SiteStore keeps (DESIGN.md sections 2 and 7), run against both. */
describe.each(kinds)('the site store on %s', (_name, fresh, broken) => {
  it('writes a build, reads every file back and records what it wrote', async () => {
    const store = fresh();
    const writer = store.writer('f1', 'b-1');
    await writer.write('index.html', '<html></html>');
    await writer.write('repo/page.html', new Uint8Array([104, 105]));
    await writer.write('search-index.js', 'var x = 1;');
    await writer.finish();
    expect(writer.written()).toEqual([
      {
        path: 'index.html',
        size: 13,
        sha256: createHash('sha256').update('<html></html>').digest('hex'),
        content_type: 'text/html; charset=utf-8',
      },
      {
        path: 'repo/page.html',
        size: 2,
        sha256: createHash('sha256').update('hi').digest('hex'),
        content_type: 'text/html; charset=utf-8',
      },
      {
        path: 'search-index.js',
        size: 10,
        sha256: createHash('sha256').update('var x = 1;').digest('hex'),
        content_type: 'text/javascript; charset=utf-8',
      },
    ]);
    expect((await readAll(await store.open('f1', 'b-1', 'repo/page.html'))).toString()).toBe('hi');
    expect((await readAll(await store.open('f1', 'b-1', 'index.html'))).toString()).toBe(
      '<html></html>',
    );
  });

  it('answers null for a missing file, a directory and another build', async () => {
    const store = fresh();
    const writer = store.writer('f1', 'b-1');
    await writer.write('repo/page.html', 'x');
    await writer.finish();
    expect(await store.open('f1', 'b-1', 'missing.html')).toBeNull();
    expect(await store.open('f1', 'b-1', 'repo')).toBeNull();
    expect(await store.open('f1', 'b-2', 'repo/page.html')).toBeNull();
    expect(await store.open('f2', 'b-1', 'repo/page.html')).toBeNull();
  });

  it('refuses paths and ids that could leave the folder', async () => {
    const store = fresh();
    const writer = store.writer('f1', 'b-1');
    await expect(writer.write('../escape.html', 'x')).rejects.toThrow();
    await expect(writer.write('/abs.html', 'x')).rejects.toThrow();
    expect(() => store.writer('../f', 'b')).toThrow();
    expect(() => store.writer('f', 'b/c')).toThrow();
    await expect(store.open('f1', 'b-1', '../../x')).rejects.toThrow();
    await expect(store.remove('..')).rejects.toThrow();
  });

  it('streams a large file back in pieces, byte for byte', async () => {
    const store = fresh();
    const big = Buffer.alloc(5 * 1024 * 1024);
    for (let i = 0; i < big.length; i += 1) big[i] = (i * 31) % 251;
    const writer = store.writer('big', 'b-1');
    await writer.write('blob.bin', big);
    await writer.finish();
    const stream = await store.open('big', 'b-1', 'blob.bin');
    let chunks = 0;
    const parts: Buffer[] = [];
    for await (const chunk of stream!) {
      chunks += 1;
      parts.push(chunk as Buffer);
    }
    expect(chunks).toBeGreaterThan(1);
    expect(Buffer.concat(parts).equals(big)).toBe(true);
  });

  it('keeps many files of one build apart from another build and folder', async () => {
    const store = fresh();
    const writer = store.writer('f1', 'b-1');
    for (let i = 0; i < 40; i += 1) await writer.write(`pages/p${i}.html`, `page ${i}`);
    await writer.finish();
    expect(writer.written()).toHaveLength(40);
    const other = store.writer('f1', 'b-10');
    await other.write('index.html', 'ten');
    await other.finish();
    const second = store.writer('f2', 'b-1');
    await second.write('index.html', 'two');
    await second.finish();
    for (let i = 0; i < 40; i += 1) {
      expect((await readAll(await store.open('f1', 'b-1', `pages/p${i}.html`))).toString()).toBe(
        `page ${i}`,
      );
    }
    expect(sorted(await store.builds())).toEqual({ f1: ['b-1', 'b-10'], f2: ['b-1'] });
    // b-1 is a prefix of b-10's name: removing one build leaves the other whole
    await store.remove('f1', 'b-1');
    expect(sorted(await store.builds())).toEqual({ f1: ['b-10'], f2: ['b-1'] });
    expect(await store.open('f1', 'b-1', 'pages/p0.html')).toBeNull();
    expect((await readAll(await store.open('f1', 'b-10', 'index.html'))).toString()).toBe('ten');
    await store.remove('f1');
    expect(sorted(await store.builds())).toEqual({ f2: ['b-1'] });
    expect((await readAll(await store.open('f2', 'b-1', 'index.html'))).toString()).toBe('two');
    // removing what is not there is not an error
    await store.remove('f1');
    await store.remove('nothing', 'b-1');
  });

  it('reports a failed write from write() or finish(), never as success', async () => {
    const store = broken();
    const writer = store.writer('f1', 'b-1');
    const outcome = (async () => {
      for (let i = 0; i < 3; i += 1) await writer.write(`p${i}.html`, 'x');
      await writer.finish();
    })();
    await expect(outcome).rejects.toThrow();
  });
});

describe('the local site store', () => {
  it('keeps files readable by the server only', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'codedocs-site-modes-'));
    try {
      const writer = localSiteStore(dir).writer('f1', 'b-1');
      await writer.write('index.html', '<html></html>');
      expect(statSync(join(dir, 'sites', 'f1', 'b-1', 'index.html')).mode & 0o777).toBe(0o600);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
