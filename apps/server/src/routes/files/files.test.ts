import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  FILE_CONTENT_MAX_BYTES,
  fileContentSchema,
  filesPageSchema,
  repoResponseSchema,
} from '@codedocs/contract';
import type { FileJson, FilesPage } from '@codedocs/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAST_JOB_TIMINGS } from '../../test/jobs';
import {
  connectAndWait,
  createImportedRepo,
  createRepoUser,
  getAs,
  postAs,
} from '../../test/repos';
import type { ImportedFile, RepoUser } from '../../test/repos';
import { createTestApp, testDialects } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';

const dialects = await testDialects();

const FILE_COUNT = 3000;
const EXTENSIONS = ['ts', 'py', 'md', 'json', ''];

/** Paths whose byte order differs from a locale's: case, '-' vs '/', digits, non-ASCII. */
const SPECIAL: Record<string, ImportedFile> = {
  'a-b': 'dash\n',
  'a/b.txt': 'slash\n',
  'A.TS': 'upper\n',
  'Zeta/100%_done.md': 'percent\n',
  'docs/ünïcode.txt': 'unicode\n',
  'text.ts': 'export const answer = 42;\n',
  'big.txt': Buffer.alloc(FILE_CONTENT_MAX_BYTES + 10, 'x'),
  'image.bin': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01, 0x02]),
  'latin1.txt': Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]),
  'link-to-text': { symlink: 'text.ts' },
  vendored: { gitlink: '0123456789abcdef0123456789abcdef01234567' },
};

function manyFiles(): Record<string, ImportedFile> {
  const files: Record<string, ImportedFile> = { ...SPECIAL };
  for (let n = 0; n < FILE_COUNT; n += 1) {
    const extension = EXTENSIONS[n % EXTENSIONS.length];
    const name = `file${n}${extension ? `.${extension}` : ''}`;
    files[`dir${n % 7}/sub${n % 3}/${name}`] = `${n}\n`;
  }
  return files;
}

describe.each(dialects)('the files of a repository on %s', (dialect) => {
  let root: string;
  let bare: string;
  let testApp: TestApp;
  let user: RepoUser;
  let repoId: string;
  let gitOrder: string[];
  let commit: string;

  const page = async (query: string): Promise<FilesPage> => {
    const response = await getAs(testApp.app, user, `/api/v3/repo/files/${repoId}?${query}`);
    if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
    return filesPageSchema.parse(response.json());
  };

  /** Every page from the first, following the tokens. */
  const allPages = async (query: string): Promise<FilesPage[]> => {
    const pages = [await page(query)];
    for (let token = pages[0]?.pagination_token; token;) {
      const next = await page(`pagination_token=${token}&limit=500`);
      pages.push(next);
      token = next.pagination_token;
    }
    return pages;
  };

  const content = (query: string) =>
    getAs(testApp.app, user, `/api/v0/file/content/${repoId}?${query}`);

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'codedocs-files-'));
    bare = createImportedRepo(root, 'many', manyFiles(), { other: { 'only-here.md': 'x\n' } });
    gitOrder = execFileSync('git', ['ls-tree', '-r', '-z', '--name-only', 'main'], { cwd: bare })
      .toString('utf8')
      .split('\0')
      .filter(Boolean);
    commit = execFileSync('git', ['rev-parse', 'main'], { cwd: bare }).toString().trim();
    testApp = await createTestApp(dialect, { allowLocalRepos: true, jobTimings: FAST_JOB_TIMINGS });
    user = await createRepoUser(testApp.app, 'files@example.com');
    const connected = await connectAndWait(testApp.app, user, {
      external_repo_url: `file://${bare}`,
    });
    expect(connected.task).toMatchObject({ status: 'succeeded' });
    repoId = connected.repoId;
  });

  afterAll(async () => {
    await testApp?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('pages through every file in git ls-tree order, without gaps or duplicates', async () => {
    const pages = await allPages('limit=500');
    const files = pages.flatMap((one) => one.files);
    expect(files.map((file) => file.file_path)).toEqual(gitOrder);
    expect(new Set(files.map((file) => file.file_id)).size).toBe(gitOrder.length);
    expect(pages.length).toBe(Math.ceil(gitOrder.length / 500));
    for (const one of pages) {
      expect(one).toMatchObject({ total: gitOrder.length, commit_id: commit });
    }
    expect(pages[0]?.extensions.slice(0, 3)).toEqual(
      [
        { extension: 'ts', count: FILE_COUNT / 5 + 1 },
        { extension: 'md', count: FILE_COUNT / 5 + 1 },
        { extension: '', count: FILE_COUNT / 5 + 3 },
      ].sort((a, b) => b.count - a.count || (a.extension < b.extension ? -1 : 1)),
    );
    expect(pages.slice(1).every((one) => one.extensions.length === 0)).toBe(true);
    const byPath = new Map(files.map((file) => [file.file_path, file] as [string, FileJson]));
    expect(byPath.get('dir0/sub0/file0.ts')).toMatchObject({
      file_name: 'file0.ts',
      extension: 'ts',
      language: 'typescript',
      size: 2,
      file_url: null,
    });
    expect(byPath.get('a-b')).toMatchObject({ extension: '', language: null });
  });

  it('filters by a case-insensitive path substring and an exact extension', async () => {
    const dir = await allPages('q=DIR3/SUB1/&limit=100');
    const expected = gitOrder.filter((path) => path.startsWith('dir3/sub1/'));
    expect(dir.flatMap((one) => one.files.map((file) => file.file_path))).toEqual(expected);
    expect(dir[0]?.total).toBe(expected.length);

    const percent = await page('q=100%25_');
    expect(percent.files.map((file) => file.file_path)).toEqual(['Zeta/100%_done.md']);
    const underscore = await page('q=_');
    expect(underscore.files.map((file) => file.file_path)).toEqual(['Zeta/100%_done.md']);

    const markdown = await allPages('extension=md&limit=500');
    const mdPaths = markdown.flatMap((one) => one.files.map((file) => file.file_path));
    expect(mdPaths).toEqual(gitOrder.filter((path) => /\.md$/.test(path)));
    const none = await page('extension=&q=a-');
    expect(none.files.map((file) => file.file_path)).toEqual(['a-b']);
    const unicode = await page('q=ünï');
    expect(unicode.total).toBe(1);
  });

  it('keeps paging the pinned commit while the repository moves to another branch', async () => {
    const first = await page('limit=1000');
    const switched = await postAs(testApp.app, user, '/api/v0/repo/checkout', {
      repo_id: repoId,
      branch_name: 'other',
    });
    expect(switched.statusCode).toBe(200);
    expect(repoResponseSchema.parse(switched.json()).repo.branch).toBe('other');
    const rest: string[] = [];
    for (let token = first.pagination_token; token;) {
      const next = await page(`pagination_token=${token}&limit=1000`);
      expect(next.commit_id).toBe(commit);
      rest.push(...next.files.map((file) => file.file_path));
      token = next.pagination_token;
    }
    expect([...first.files.map((file) => file.file_path), ...rest]).toEqual(gitOrder);
    const now = await page('q=only-here');
    expect(now.total).toBe(1);
    const back = await postAs(testApp.app, user, '/api/v0/repo/checkout', {
      repo_id: repoId,
      branch_name: 'main',
    });
    expect(back.statusCode).toBe(200);
  });

  it('sends a page it has built before as the same bytes with an ETag, 304 when held', async () => {
    const url = `/api/v3/repo/files/${repoId}?limit=50&extension=ts`;
    const first = await getAs(testApp.app, user, url);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag;
    expect(etag).toMatch(/^W\/"/);
    const again = await getAs(testApp.app, user, url);
    expect(again.headers.etag).toBe(etag);
    expect(again.body).toBe(first.body);
    const held = await getAs(testApp.app, user, url, { 'if-none-match': String(etag) });
    expect(held.statusCode).toBe(304);
    expect(held.body).toBe('');
    const next = filesPageSchema.parse(first.json()).pagination_token;
    const later = await getAs(
      testApp.app,
      user,
      `/api/v3/repo/files/${repoId}?pagination_token=${next}&limit=50`,
    );
    expect(later.statusCode).toBe(200);
    expect(later.headers.etag).not.toBe(etag);
    // a kept page is still the owner's only: another user's request is 404 before it
    const stranger = await createRepoUser(testApp.app, 'stranger-files@example.com');
    expect((await getAs(testApp.app, stranger, url)).statusCode).toBe(404);
  });

  it('refuses a tampered or garbage page token and an unknown commit', async () => {
    const first = await page('limit=10');
    const token = first.pagination_token ?? '';
    const decoded = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
    const tampered = Buffer.from(JSON.stringify({ ...decoded, total: 'many' })).toString(
      'base64url',
    );
    for (const bad of ['garbage!', 'bm90IGpzb24', tampered]) {
      const response = await getAs(
        testApp.app,
        user,
        `/api/v3/repo/files/${repoId}?pagination_token=${encodeURIComponent(bad)}`,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ field: 'query.pagination_token' });
    }
    const otherCommit = Buffer.from(
      JSON.stringify({ ...decoded, commit: 'f'.repeat(40) }),
    ).toString('base64url');
    expect(
      (
        await getAs(
          testApp.app,
          user,
          `/api/v3/repo/files/${repoId}?pagination_token=${otherCommit}`,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (await getAs(testApp.app, user, `/api/v3/repo/files/${repoId}?commit_id=${'e'.repeat(40)}`))
        .statusCode,
    ).toBe(404);
  });

  it('serves file content: text, truncated, binary 415, submodule 415, symlink text, 404', async () => {
    const files = (await allPages('limit=5000')).flatMap((one) => one.files);
    const id = (path: string) => files.find((file) => file.file_path === path)?.file_id ?? '';

    const text = await content(`file_id=${id('text.ts')}`);
    expect(text.statusCode).toBe(200);
    expect(fileContentSchema.parse(text.json())).toEqual({
      file_id: id('text.ts'),
      file_path: 'text.ts',
      file_url: null,
      content: 'export const answer = 42;\n',
      language: 'typescript',
      size: 26,
      truncated: false,
      commit_id: commit,
    });

    const big = fileContentSchema.parse((await content(`file_id=${id('big.txt')}`)).json());
    expect(big).toMatchObject({ truncated: true, size: FILE_CONTENT_MAX_BYTES + 10 });
    expect(big.content.length).toBe(FILE_CONTENT_MAX_BYTES);

    const binary = await content(`file_id=${id('image.bin')}`);
    expect(binary.statusCode).toBe(415);
    expect(binary.json()).toMatchObject({
      code: 'unsupported_media_type',
      message: 'This file is binary and cannot be shown',
    });
    expect((await content(`file_id=${id('vendored')}`)).statusCode).toBe(415);

    const link = fileContentSchema.parse((await content(`file_id=${id('link-to-text')}`)).json());
    expect(link.content).toBe('text.ts');
    const latin1 = fileContentSchema.parse((await content(`file_id=${id('latin1.txt')}`)).json());
    expect(latin1.content).toBe('caf\uFFFD\n');

    expect((await content('file_id=0000000000000000')).statusCode).toBe(404);
    expect((await content(`file_id=${id('text.ts')}&commit_id=${'d'.repeat(40)}`)).statusCode).toBe(
      404,
    );
  });
});
