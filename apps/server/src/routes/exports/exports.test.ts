import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import {
  compilationResponseSchema,
  createExportResponseSchema,
  exportDocumentSchema,
  exportListResponseSchema,
  exportSchema,
  livedocsMetadataResponseSchema,
  type Export,
} from '@codedocs/contract';
import { indexFile } from '@codedocs/engine';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGitDaemon, type GitDaemon } from '../../test/git-daemon';
import { createFixtureRepo } from '../../test/git-fixtures';
import { FAST_JOB_TIMINGS, waitForTask } from '../../test/jobs';
import {
  connectIndexed as connectFixture,
  createRepoUser,
  getAs,
  sendAs,
  type RepoUser,
} from '../../test/repos';
import { createTestApp, testDialects, type TestApp } from '../../test/test-app';
import { zipEntries } from '../../test/zip-entries';
import { listExportBuilds } from '../../repositories/exports-repository';
import { removeOrphanBuilds } from '../../services/sites/orphan-builds';
import { localSiteStore } from '../../sites/site-store';

const dialects = await testDialects();

const SERVER_TS = `import { parsePort } from './config';

/** Starts the HTTP server. */
export function startServer(port: number): void {
  listen(parsePort(String(port)));
}

function listen(port: number): void {}
`;

const CONFIG_TS = `export function parsePort(text: string): number {\r\n  return Number(text);\r\n}\r\n`;

const UTIL_PY = `class Loader:
    def load(self, path, strict=False):
        """Reads a file."""
        return open(path).read()
`;

/** Issue 22: Markdown, JSON and patch exports through the API, on both databases. */
describe.each(dialects)('exports on %s', (dialect) => {
  let root: string;
  let daemon: GitDaemon;
  let testApp: TestApp;
  let owner: RepoUser;
  let stranger: RepoUser;
  let apiRepo: string;
  let utilRepo: string;
  let compilationId: string;
  const ids = new Map<string, string>();

  const app = () => testApp.app;
  const send = (user: RepoUser, method: 'POST' | 'DELETE', url: string, payload?: object) =>
    sendAs(app(), user, method, url, payload);
  const connectIndexed = async (name: string) => {
    const repoId = await connectFixture(
      app(),
      owner,
      daemon.url(`${name}.git`),
      join(root, `${name}-work`),
    );
    const metadata = livedocsMetadataResponseSchema.parse(
      (await getAs(app(), owner, `/api/v0/livedocs/metadata/${repoId}`)).json(),
    );
    for (const file of metadata.metadata.files)
      for (const o of file.objects) ids.set(o.qualified_name, o.object_id);
    return repoId;
  };
  const save = async (repoId: string, name: string, field: string, doc: string) => {
    const saved = await send(owner, 'POST', '/api/v0/livedocs/save', {
      repo_id: repoId,
      object_id: ids.get(name),
      field_id: field,
      doc,
    });
    expect(saved.statusCode, saved.body).toBe(200);
  };
  const exportOf = async (payload: object): Promise<Export> => {
    const response = await send(owner, 'POST', '/api/v1/exports', payload);
    expect(response.statusCode, response.body).toBe(202);
    const answer = createExportResponseSchema.parse(response.json());
    const task = await waitForTask(
      app(),
      answer.task_id,
      owner.id,
      ['succeeded', 'failed'],
      60_000,
    );
    expect(task.status, task.error ?? '').toBe('succeeded');
    const got = await getAs(app(), owner, `/api/v1/exports/${answer.export_id}`);
    return exportSchema.parse(got.json());
  };

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'codedocs-exports-'));
    createFixtureRepo(root, 'api', { 'src/server.ts': SERVER_TS, 'src/config.ts': CONFIG_TS });
    createFixtureRepo(root, 'util', { 'util.py': UTIL_PY });
    daemon = await startGitDaemon(root);
    testApp = await createTestApp(dialect, {
      logLevel: 'error',
      allowPrivateNetwork: true,
      jobTimings: FAST_JOB_TIMINGS,
    });
    owner = await createRepoUser(app(), 'owner@example.com');
    stranger = await createRepoUser(app(), 'stranger@example.com');
    apiRepo = await connectIndexed('api');
    utilRepo = await connectIndexed('util');
    const created = await send(owner, 'POST', '/api/v0/compilation', { name: 'Public API' });
    compilationId = compilationResponseSchema.parse(created.json()).compilation.compilation_id;
    const added = await send(owner, 'POST', '/api/v0/compilation/object', {
      compilation_id: compilationId,
      object_ids: [...ids.values()],
    });
    expect(added.statusCode, added.body).toBe(200);
    await save(apiRepo, 'startServer', 'summary', 'Starts the HTTP server on a port.');
    await save(apiRepo, 'startServer', 'param:port', 'The TCP port to listen on.');
    await save(apiRepo, 'parsePort', 'summary', 'Reads a port number from text.');
    await save(apiRepo, 'parsePort', 'returns', 'The port as a number.');
    await save(utilRepo, 'Loader.load', 'summary', 'Reads a whole file as text.');
    await save(utilRepo, 'Loader.load', 'param:strict', 'Refuse files that are not UTF-8.');
  });

  afterAll(async () => {
    await testApp?.close();
    await daemon?.stop();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('builds a Markdown folder whose relative links and anchors all resolve', async () => {
    const done = await exportOf({ kind: 'markdown', compilation_id: compilationId, name: 'API' });
    expect(done).toMatchObject({ status: 'ready', kind: 'markdown', name: 'API', error: null });
    expect(done.pins.map((p) => p.repo_name).sort()).toEqual(['api', 'util']);
    const zip = await getAs(app(), owner, `/api/v1/exports/${done.export_id}/download`);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const entries = await zipEntries(zip.rawPayload);
    const pages = new Map(
      [...entries].map(([name, bytes]) => [name.replace(/^API\//, ''), bytes.toString('utf8')]),
    );
    expect([...pages.keys()].sort()).toEqual([
      'README.md',
      'api/src/config.ts.md',
      'api/src/server.ts.md',
      'util/util.py.md',
    ]);
    const server = pages.get('api/src/server.ts.md')!;
    expect(server).toMatch(/^---\ntitle: "src\/server.ts"\n/);
    expect(server).toContain(
      `commit: "${done.pins.find((p) => p.repo_name === 'api')!.commit_id}"`,
    );
    expect(server).toContain(`  - id: "${ids.get('startServer')}"`);
    expect(server).toContain('    status: "documented"');
    expect(server).toContain('Starts the HTTP server on a port.');
    let links = 0;
    for (const [page, text] of pages) {
      for (const [, target] of text.matchAll(/\]\(([^)]+)\)/g)) {
        if (/^[a-z]+:/.test(target!)) continue;
        const [file, anchor] = decodeURIComponent(target!).split('#');
        const resolved = file ? posix.join(posix.dirname(page), file) : page;
        expect(pages.has(resolved), `${page} → ${target}`).toBe(true);
        if (anchor) expect(pages.get(resolved)).toContain(`<a id="${anchor}"></a>`);
        links++;
      }
    }
    // the index's links and startServer → parsePort across files
    expect(server).toContain(`(config.ts.md#obj-${ids.get('parsePort')})`);
    expect(links).toBeGreaterThan(4);
  });

  it('builds a JSON document that the versioned schema accepts, with provenance', async () => {
    const done = await exportOf({ kind: 'json', repo_id: apiRepo });
    expect(done.name).toBe('api');
    const response = await getAs(app(), owner, `/api/v1/exports/${done.export_id}/download`);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const document = exportDocumentSchema.parse(response.json());
    expect(document.version).toBe(2);
    expect(document.source).toEqual({ kind: 'repository', repo_id: apiRepo, name: 'api' });
    const objects = document.repositories[0]!.files.flatMap((f) => f.objects);
    const start = objects.find((o) => o.qualified_name === 'startServer')!;
    const summary = start.fields.find((f) => f.field_id === 'summary')!;
    expect(summary.value).toBe('Starts the HTTP server on a port.');
    expect(summary.provenance).toMatchObject({ source: 'edited', stale: false });
    expect(summary.provenance.updated_by).toBeTruthy();
    expect(summary.provenance.written_at_commit).toBe(document.repositories[0]!.commit_id);
    expect(start.references.calls).toContainEqual({
      object_id: ids.get('parsePort'),
      name: 'parsePort',
    });
    // every object of the repository, not only a compilation's
    expect(objects.map((o) => o.qualified_name).sort()).toEqual([
      'listen',
      'parsePort',
      'startServer',
    ]);
    const served = await getAs(app(), owner, `/api/v1/exports/${done.export_id}/document`);
    expect(served.statusCode).toBe(200);
    expect(exportDocumentSchema.parse(served.json())).toEqual(document);
    const openapi = (await app().inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      components: { schemas: Record<string, unknown> };
      paths: Record<string, unknown>;
    }>();
    expect(openapi.components.schemas).toHaveProperty('CodedocsExport');
    expect(openapi.paths).toHaveProperty('/api/v1/exports/{id}/document');
    // a broken document is refused by the schema: it can fail
    expect(exportDocumentSchema.safeParse({ ...document, version: 1 }).success).toBe(false);
  });

  it('writes edited docs back as a patch that git applies and the engine reads back', async () => {
    const done = await exportOf({ kind: 'patch', repo_id: apiRepo });
    expect(done).toMatchObject({
      status: 'ready',
      fields: 'edited',
      written: 2,
      skipped: [],
      file_count: 2,
    });
    const diff = await getAs(app(), owner, `/api/v1/exports/${done.export_id}/patch`);
    expect(diff.statusCode).toBe(200);
    expect(diff.body).toContain('diff --git a/src/server.ts b/src/server.ts');
    const download = await getAs(app(), owner, `/api/v1/exports/${done.export_id}/download`);
    expect(download.headers['content-disposition']).toContain('api.patch');
    expect(download.body).toBe(diff.body);
    const work = mkdtempSync(join(root, 'apply-'));
    execFileSync('git', ['clone', '-q', join(root, 'api-work'), work]);
    writeFileSync(join(work, 'docs.patch'), diff.body);
    execFileSync('git', ['apply', '--check', 'docs.patch'], { cwd: work });
    execFileSync('git', ['apply', 'docs.patch'], { cwd: work });
    const config = readFileSync(join(work, 'src/config.ts'), 'utf8');
    expect(config.replace(/\r\n/g, '')).not.toContain('\n');
    const reread = await indexFile({ path: 'src/config.ts', content: config });
    expect(reread.objects[0]?.doc).toMatchObject({
      summary: 'Reads a port number from text.',
      returns: { description: 'The port as a number.' },
    });
    const server = await indexFile({
      path: 'src/server.ts',
      content: readFileSync(join(work, 'src/server.ts'), 'utf8'),
    });
    expect(server.objects.find((o) => o.name === 'startServer')?.doc).toMatchObject({
      summary: 'Starts the HTTP server on a port.',
      params: [{ name: 'port', description: 'The TCP port to listen on.' }],
    });
  });

  it('with the generated docs accepted, adds them only where the author wrote none', async () => {
    const done = await exportOf({ kind: 'patch', repo_id: apiRepo, fields: 'accepted' });
    expect(done.status).toBe('ready');
    const diff = (await getAs(app(), owner, `/api/v1/exports/${done.export_id}/patch`)).body;
    const body = diff.split('\n').filter((l) => /^[-+](?![-+]{2} )/.test(l));
    // the only line of the author's that goes is the one a person edited
    expect(body.filter((l) => l.startsWith('-'))).toEqual(['-/** Starts the HTTP server. */']);
    // no empty field, no trailing whitespace (a CRLF file's lines end in CR, as its own do)
    expect(body.filter((l) => l.startsWith('+') && /\s$/.test(l.replace(/\r$/, '')))).toEqual([]);
    expect(diff).not.toMatch(/^\+.*(@returns?|@param \w+( -)?)\s*$/m);
    const work = mkdtempSync(join(root, 'accepted-'));
    execFileSync('git', ['clone', '-q', join(root, 'api-work'), work]);
    writeFileSync(join(work, 'docs.patch'), diff);
    execFileSync(
      'git',
      ['-c', 'core.whitespace=cr-at-eol', 'apply', '--check', '--whitespace=error', 'docs.patch'],
      { cwd: work },
    );
  });

  it("writes a compilation's objects of one repository, Python in the repository's style", async () => {
    const done = await exportOf({
      kind: 'patch',
      compilation_id: compilationId,
      repo_id: utilRepo,
    });
    expect(done.written).toBe(1);
    const diff = (await getAs(app(), owner, `/api/v1/exports/${done.export_id}/patch`)).body;
    expect(diff).toContain('+        """Reads a whole file as text.');
    expect(diff).toContain('+            strict: Refuse files that are not UTF-8.');
    const chosen = await exportOf({ kind: 'patch', repo_id: apiRepo, paths: ['src/config.ts'] });
    const only = (await getAs(app(), owner, `/api/v1/exports/${chosen.export_id}/patch`)).body;
    expect(only).toContain('a/src/config.ts');
    expect(only).not.toContain('server.ts');
  });

  it('lists the history newest first, paged', async () => {
    const first = exportListResponseSchema.parse(
      (await getAs(app(), owner, '/api/v1/exports?limit=2')).json(),
    );
    expect(first.exports).toHaveLength(2);
    expect(first.cursor).not.toBeNull();
    const rest = exportListResponseSchema.parse(
      (await getAs(app(), owner, `/api/v1/exports?limit=50&cursor=${first.cursor}`)).json(),
    );
    const all = [...first.exports, ...rest.exports];
    expect(all.map((e) => e.kind)).toEqual([
      'patch',
      'patch',
      'patch',
      'patch',
      'json',
      'markdown',
    ]);
    expect(rest.cursor).toBeNull();
    const none = exportListResponseSchema.parse(
      (await getAs(app(), stranger, '/api/v1/exports')).json(),
    );
    expect(none.exports).toEqual([]);
  });

  it("answers 404 for another user's exports and sources", async () => {
    const [mine] = exportListResponseSchema.parse(
      (await getAs(app(), owner, '/api/v1/exports')).json(),
    ).exports;
    const base = `/api/v1/exports/${mine!.export_id}`;
    const answers: LightMyRequestResponse[] = [
      await getAs(app(), stranger, base),
      await getAs(app(), stranger, `${base}/patch`),
      await getAs(app(), stranger, `${base}/download`),
      await send(stranger, 'DELETE', base),
      await send(stranger, 'POST', '/api/v1/exports', {
        kind: 'json',
        compilation_id: compilationId,
      }),
      await send(stranger, 'POST', '/api/v1/exports', { kind: 'patch', repo_id: apiRepo }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([404, 404, 404, 404, 404, 404]);
    expect((await getAs(app(), owner, base)).statusCode).toBe(200);
  });

  it('refuses bad input with the field named', async () => {
    const cases: [object, string][] = [
      [{ kind: 'pdf', repo_id: apiRepo }, 'body.kind'],
      [{ kind: 'json' }, 'body.compilation_id'],
      [{ kind: 'json', compilation_id: compilationId, repo_id: apiRepo }, 'body.compilation_id'],
      [{ kind: 'patch' }, 'body.repo_id'],
      [{ kind: 'markdown', repo_id: apiRepo, paths: ['a'] }, 'body.paths'],
      [{ kind: 'patch', repo_id: apiRepo, fields: 'all' }, 'body.fields'],
      [{ kind: 'patch', compilation_id: compilationId }, 'repo_id'],
    ];
    for (const [payload, field] of cases) {
      const response = await send(owner, 'POST', '/api/v1/exports', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().field, JSON.stringify(payload)).toBe(field);
    }
  });

  it('keeps exports apart from sites: the hourly sweep removes only builds no export points at', async () => {
    const store = localSiteStore(join(testApp.database.dataDir, 'exports'));
    const [mine] = exportListResponseSchema.parse(
      (await getAs(app(), owner, '/api/v1/exports')).json(),
    ).exports;
    await store.writer(mine!.export_id, 'b-stray').write('docs.patch', 'x');
    await store.writer('deleted-export', 'b-1').write('docs.patch', 'x');
    expect(await removeOrphanBuilds(app().db, store, listExportBuilds)).toBe(2);
    expect(await removeOrphanBuilds(app().db, store, listExportBuilds)).toBe(0);
    expect(
      (await getAs(app(), owner, `/api/v1/exports/${mine!.export_id}/download`)).statusCode,
    ).toBe(200);
    // the sites' sweep never sees exports
    expect(await removeOrphanBuilds(app().db, localSiteStore(testApp.database.dataDir))).toBe(0);
  });

  it('deletes an export and its files', async () => {
    const [mine] = exportListResponseSchema.parse(
      (await getAs(app(), owner, '/api/v1/exports')).json(),
    ).exports;
    expect((await send(owner, 'DELETE', `/api/v1/exports/${mine!.export_id}`)).statusCode).toBe(
      204,
    );
    expect((await getAs(app(), owner, `/api/v1/exports/${mine!.export_id}`)).statusCode).toBe(404);
  });
});
