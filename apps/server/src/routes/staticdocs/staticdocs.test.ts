import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  compilationResponseSchema,
  folderListResponseSchema,
  folderMetadataResponseSchema,
  generateFolderResponseSchema,
  livedocsMetadataResponseSchema,
  openFolderResponseSchema,
  PLAN_CATALOGUE,
  type FolderFile,
} from '@codedocs/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGitDaemon, type GitDaemon } from '../../test/git-daemon';
import { createFixtureRepo } from '../../test/git-fixtures';
import { buildIdOf, removeOrphanBuilds } from '../../services/sites/orphan-builds';
import { BUILD_STOPPED } from '../../repositories/folders-repository';
import { localSiteStore } from '../../sites/site-store';
import { FAST_JOB_TIMINGS, waitForTask } from '../../test/jobs';
import {
  connectIndexed as connectFixture,
  createRepoUser,
  getAs,
  postAs,
  sendAs,
  type RepoUser,
} from '../../test/repos';
import { createTestApp, testDialects, type TestApp } from '../../test/test-app';
import { zipEntries } from '../../test/zip-entries';

const dialects = await testDialects();

const SERVER_TS = `/** Starts the HTTP server on a port. */
export function startServer(port: number): void {
  listen(port);
}

function listen(port: number): void {}

export class Router {
  /** Adds a route. */
  route(path: string): void {}
}
`;

const UTIL_PY = `def parse_config(text):
    """Reads the configuration text."""
    return text.strip()
`;

/** Issue 16: static documentation folders through the API, on both databases. */
describe.each(dialects)('static documentation folders on %s', (dialect) => {
  let root: string;
  let daemon: GitDaemon;
  let testApp: TestApp;
  let owner: RepoUser;
  let stranger: RepoUser;
  let compilationId: string;
  let folderId: string;

  const app = () => testApp.app;
  const send = (
    user: RepoUser,
    method: 'POST' | 'DELETE',
    url: string,
    payload?: object,
  ): Promise<LightMyRequestResponse> => sendAs(app(), user, method, url, payload);
  const connectIndexed = (name: string) =>
    connectFixture(app(), owner, daemon.url(`${name}.git`), join(root, `${name}-work`));
  const objectIds = async (repoId: string) =>
    livedocsMetadataResponseSchema
      .parse((await getAs(app(), owner, `/api/v0/livedocs/metadata/${repoId}`)).json())
      .metadata.files.flatMap((f) => f.objects.map((o) => o.object_id));
  const build = async (url: string, payload?: object) => {
    const response = await send(owner, 'POST', url, payload);
    expect(response.statusCode, response.body).toBe(202);
    const answer = generateFolderResponseSchema.parse(response.json());
    const task = await waitForTask(
      app(),
      answer.task_id,
      owner.id,
      ['succeeded', 'failed'],
      60_000,
    );
    expect(task.status, task.error ?? '').toBe('succeeded');
    return answer;
  };
  const allFiles = async (id: string): Promise<FolderFile[]> => {
    const files: FolderFile[] = [];
    let cursor: string | null = null;
    do {
      const response = await getAs(
        app(),
        owner,
        `/api/v1/staticdocs/folder/${id}/metadata?limit=3${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      const page = folderMetadataResponseSchema.parse(response.json());
      expect(page.files.length).toBeLessThanOrEqual(3);
      files.push(...page.files);
      cursor = page.cursor;
    } while (cursor);
    return files;
  };
  const openedIndex = async () => {
    const opened = await send(owner, 'POST', `/api/v1/staticdocs/folder/${folderId}/open`);
    const { url } = openFolderResponseSchema.parse(opened.json());
    return (await app().inject({ method: 'GET', url: new URL(url).pathname })).body;
  };
  const buildsOnDisk = (id: string) => readdirSync(join(testApp.database.dataDir, 'sites', id));

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'codedocs-staticdocs-'));
    createFixtureRepo(root, 'api', { 'src/server.ts': SERVER_TS });
    createFixtureRepo(root, 'util', { 'util.py': UTIL_PY });
    daemon = await startGitDaemon(root);
    testApp = await createTestApp(dialect, {
      logLevel: 'error',
      allowPrivateNetwork: true,
      jobTimings: FAST_JOB_TIMINGS,
    });
    owner = await createRepoUser(app(), 'owner@example.com');
    stranger = await createRepoUser(app(), 'stranger@example.com');
    const apiRepo = await connectIndexed('api');
    const utilRepo = await connectIndexed('util');
    const created = await send(owner, 'POST', '/api/v0/compilation', { name: 'Public API' });
    compilationId = compilationResponseSchema.parse(created.json()).compilation.compilation_id;
    const added = await send(owner, 'POST', '/api/v0/compilation/object', {
      compilation_id: compilationId,
      object_ids: [...(await objectIds(apiRepo)), ...(await objectIds(utilRepo))],
    });
    expect(added.statusCode, added.body).toBe(200);
    const [start] = await objectIds(apiRepo);
    const saved = await postAs(app(), owner, '/api/v0/livedocs/save', {
      repo_id: apiRepo,
      object_id: start,
      field_id: 'summary',
      doc: 'Starts the server. <script>alert(1)</script>',
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  afterAll(async () => {
    await testApp?.close();
    await daemon?.stop();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('builds a compilation into a folder that pins every repository at its commit', async () => {
    ({ folder_id: folderId } = await build('/api/v1/staticdocs/generate/compilation', {
      compilation_id: compilationId,
      folder_name: 'API docs',
    }));
    const list = folderListResponseSchema.parse(
      (await getAs(app(), owner, '/api/v1/staticdocs/folders/creator')).json(),
    );
    expect(list.cursor).toBeNull();
    const [folder] = list.folders;
    expect(folder).toMatchObject({
      folder_id: folderId,
      name: 'API docs',
      compilation_id: compilationId,
      status: 'ready',
      error: null,
      task_id: null,
      permission: 'owner',
    });
    expect(folder?.pins.map((p) => p.repo_name).sort()).toEqual(['api', 'util']);
    expect(folder?.pins.every((p) => /^[0-9a-f]{40}$/.test(p.commit_id))).toBe(true);
    const files = await allFiles(folderId);
    expect(files.length).toBe(folder?.file_count);
    expect(files.map((f) => f.path)).toContain('index.html');
    expect(new Set(files.map((f) => f.file_id)).size).toBe(files.length);
    expect(files.reduce((sum, f) => sum + f.size, 0)).toBe(folder?.size);
  });

  it('serves one file with its type, never as an active page of the app', async () => {
    const [index] = (await allFiles(folderId)).filter((f) => f.path === 'index.html');
    const response = await getAs(
      app(),
      owner,
      `/api/v1/staticdocs/folder/${folderId}/file/${index!.file_id}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toMatch(/^sandbox/);
    expect(createHash('sha256').update(response.rawPayload).digest('hex')).toBe(index!.sha256);
    expect(response.body).not.toContain('<script>alert(1)</script>');
  });

  it('zips the whole site (index.html at its root) or the chosen files', async () => {
    const files = await allFiles(folderId);
    const whole = await getAs(app(), owner, `/api/v1/staticdocs/folder/${folderId}/files`);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('application/zip');
    expect(whole.headers['content-disposition']).toContain('API docs.zip');
    const entries = await zipEntries(whole.rawPayload);
    expect([...entries.keys()].sort()).toEqual(files.map((f) => f.path).sort());
    for (const file of files) {
      const bytes = entries.get(file.path)!;
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(file.sha256);
    }
    const chosen = files.slice(0, 2);
    const part = await send(owner, 'POST', `/api/v1/staticdocs/folder/${folderId}/files`, {
      file_ids: chosen.map((f) => f.file_id),
    });
    expect(part.statusCode).toBe(200);
    expect([...(await zipEntries(part.rawPayload)).keys()].sort()).toEqual(
      chosen.map((f) => f.path).sort(),
    );
    const unknown = await send(owner, 'POST', `/api/v1/staticdocs/folder/${folderId}/files`, {
      file_ids: ['no-such-file'],
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('opens the site through a short-lived link, sandboxed, for that folder only', async () => {
    const opened = await send(owner, 'POST', `/api/v1/staticdocs/folder/${folderId}/open`);
    expect(opened.statusCode, opened.body).toBe(200);
    const { url } = openFolderResponseSchema.parse(opened.json());
    const path = new URL(url).pathname;
    const page = await app().inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toMatch(/^sandbox allow-scripts/);
    expect(page.headers['content-security-policy']).not.toContain('allow-same-origin');
    expect(page.body).toContain('<html');
    // the page's opaque origin loads its own assets cross-origin: they must not be refused
    const [, stylesheet] = /<link rel="stylesheet" href="([^"]+)"/.exec(page.body) ?? [];
    const asset = await app().inject({ method: 'GET', url: new URL(stylesheet!, url).pathname });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const token = path.split('/')[2]!;
    const tampered = `${token.slice(0, -2)}${token.endsWith('A') ? 'BB' : 'AA'}`;
    expect(
      (await app().inject({ method: 'GET', url: `/sites/${tampered}/index.html` })).statusCode,
    ).toBe(404);
    expect(
      (await app().inject({ method: 'GET', url: `/sites/${token}/..%2f..%2fetc%2fpasswd` }))
        .statusCode,
    ).toBe(404);
    expect(
      (await app().inject({ method: 'GET', url: `/sites/${token}/no-such-page.html` })).statusCode,
    ).toBe(404);
  });

  it("answers 404 for another user's folder on every route, and lists nothing of it", async () => {
    const base = `/api/v1/staticdocs/folder/${folderId}`;
    const answers = [
      await getAs(app(), stranger, `${base}/metadata`),
      await getAs(app(), stranger, `${base}/files`),
      await getAs(app(), stranger, `${base}/file/x`),
      await send(stranger, 'POST', `${base}/files`, { file_ids: ['x'] }),
      await send(stranger, 'POST', `${base}/open`),
      await send(stranger, 'POST', `${base}/update`),
      await send(stranger, 'DELETE', `/api/v1/staticdocs/folders/created/${folderId}`),
      await send(stranger, 'DELETE', `/api/v1/staticdocs/folders/shared/${folderId}`),
      await send(stranger, 'POST', '/api/v1/staticdocs/generate/compilation', {
        compilation_id: compilationId,
        folder_name: 'Theirs',
      }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual(Array(answers.length).fill(404));
    for (const which of ['creator', 'shared']) {
      const list = folderListResponseSchema.parse(
        (await getAs(app(), stranger, `/api/v1/staticdocs/folders/${which}`)).json(),
      );
      expect(list.folders).toEqual([]);
    }
  });

  it('refuses bad input with the field named', async () => {
    const empty = await send(owner, 'POST', '/api/v1/staticdocs/generate/compilation', {
      compilation_id: compilationId,
      folder_name: '  ',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().field).toBe('body.folder_name');
    const badCursor = await getAs(app(), owner, '/api/v1/staticdocs/folders/creator?cursor=x');
    expect(badCursor.statusCode).toBe(400);
  });

  it('updates under the same id, keeping one build on disk', async () => {
    const before = buildsOnDisk(folderId);
    expect(before.length).toBe(1);
    const answer = await build(`/api/v1/staticdocs/folder/${folderId}/update`);
    expect(answer.folder_id).toBe(folderId);
    const after = buildsOnDisk(folderId);
    expect(after.length).toBe(1);
    expect(after).not.toEqual(before);
    const metadata = folderMetadataResponseSchema.parse(
      (await getAs(app(), owner, `/api/v1/staticdocs/folder/${folderId}/metadata`)).json(),
    );
    expect(metadata.folder.status).toBe('ready');
  });

  it("refuses a folder past the plan's quota with the way forward", async () => {
    // the free plan allows three; one exists
    for (const name of ['Second', 'Third']) {
      await build('/api/v1/staticdocs/generate/compilation', {
        compilation_id: compilationId,
        folder_name: name,
      });
    }
    const refused = await send(owner, 'POST', '/api/v1/staticdocs/generate/compilation', {
      compilation_id: compilationId,
      folder_name: 'Fourth',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'Your plan allows 3 static documentation folders; delete one or upgrade your plan to build another',
    );
    const list = folderListResponseSchema.parse(
      (await getAs(app(), owner, '/api/v1/staticdocs/folders/creator?limit=2')).json(),
    );
    expect(list.folders.map((f) => f.name)).toEqual(['Third', 'Second']);
    const rest = folderListResponseSchema.parse(
      (
        await getAs(
          app(),
          owner,
          `/api/v1/staticdocs/folders/creator?limit=2&cursor=${list.cursor}`,
        )
      ).json(),
    );
    expect(rest.folders.map((f) => f.name)).toEqual(['API docs']);
    expect(rest.cursor).toBeNull();
  });

  it("refuses a site over the plan's size, keeping the published one", async () => {
    const free = PLAN_CATALOGUE.find((plan) => plan.plan_id === 'free');
    if (!free) throw new Error('no free plan');
    const limit = free.quotas.static_folder_bytes;
    const before = buildsOnDisk(folderId);
    (free.quotas as { static_folder_bytes: number | null }).static_folder_bytes = 1024 * 1024;
    try {
      const response = await send(owner, 'POST', `/api/v1/staticdocs/folder/${folderId}/update`);
      expect(response.statusCode, response.body).toBe(202);
      const { task_id } = generateFolderResponseSchema.parse(response.json());
      // a megabyte is more than this site: it builds
      expect((await waitForTask(app(), task_id, owner.id, ['succeeded', 'failed'])).status).toBe(
        'succeeded',
      );
      (free.quotas as { static_folder_bytes: number | null }).static_folder_bytes = 1000;
      const over = await send(owner, 'POST', `/api/v1/staticdocs/folder/${folderId}/update`);
      const task = await waitForTask(
        app(),
        generateFolderResponseSchema.parse(over.json()).task_id,
        owner.id,
        ['succeeded', 'failed'],
      );
      expect(task.status).toBe('failed');
      expect(task.error).toMatch(
        /^This site takes \d+\.\d MB and the Free plan allows 0 MB per site; remove objects from the pocket or upgrade your plan$/,
      );
    } finally {
      (free.quotas as { static_folder_bytes: number | null }).static_folder_bytes = limit;
    }
    const metadata = folderMetadataResponseSchema.parse(
      (await getAs(app(), owner, `/api/v1/staticdocs/folder/${folderId}/metadata`)).json(),
    );
    expect(metadata.folder.status).toBe('ready');
    expect(buildsOnDisk(folderId).length).toBe(1);
    expect(buildsOnDisk(folderId)).not.toEqual(before);
    expect(await openedIndex()).toContain('API docs');
  });

  it('shows no half site after a build dies, and its re-run or the clean-up removes the rest', async () => {
    const store = localSiteStore(testApp.database.dataDir);
    const published = folderMetadataResponseSchema.parse(
      (
        await getAs(app(), owner, `/api/v1/staticdocs/folder/${folderId}/metadata?limit=200`)
      ).json(),
    );
    // what a worker killed mid-build leaves: part of its build directory, the task recorded
    const taskId = `site:${folderId}:killed`;
    await app()
      .db.updateTable('folders')
      .set({ task_id: taskId })
      .where('id', '=', folderId)
      .execute();
    await store.writer(folderId, `${buildIdOf(taskId)}-0a1b2c3d`).write('index.html', '<p>half');
    const during = folderMetadataResponseSchema.parse(
      (
        await getAs(app(), owner, `/api/v1/staticdocs/folder/${folderId}/metadata?limit=200`)
      ).json(),
    );
    expect(during.files).toEqual(published.files);
    const served = await openedIndex();
    expect(served).not.toContain('<p>half');
    // the hourly clean-up keeps the recorded task's directory (its re-run rewrites it) …
    expect(await removeOrphanBuilds(app().db, store)).toBe(0);
    // … and removes it once nothing points at it
    await app()
      .db.updateTable('folders')
      .set({ task_id: null })
      .where('id', '=', folderId)
      .execute();
    await store.writer(folderId, 'b-stray').write('index.html', 'x');
    expect(await removeOrphanBuilds(app().db, store)).toBe(2);
    expect(buildsOnDisk(folderId)).toHaveLength(1);
    expect(await openedIndex()).toBe(served);
  });

  it('reads a build whose task was cancelled or purged as stopped, and builds again on update', async () => {
    const { task_id: taskId } = await build(`/api/v1/staticdocs/folder/${folderId}/update`);
    const folderNow = async () =>
      folderMetadataResponseSchema.parse(
        (await getAs(app(), owner, `/api/v1/staticdocs/folder/${folderId}/metadata`)).json(),
      ).folder;
    // what a cancel leaves: the folder marked building, its task cancelled
    await app()
      .db.updateTable('folders')
      .set({ status: 'building', task_id: taskId })
      .where('id', '=', folderId)
      .execute();
    await app()
      .db.updateTable('jobs')
      .set({ status: 'cancelled', error: 'Cancelled by the user' })
      .where('id', '=', taskId)
      .execute();
    expect(await folderNow()).toMatchObject({ status: 'ready', error: 'Cancelled by the user' });
    // the task purged
    await app().db.deleteFrom('jobs').where('id', '=', taskId).execute();
    expect(await folderNow()).toMatchObject({ status: 'ready', error: BUILD_STOPPED });
    const again = await build(`/api/v1/staticdocs/folder/${folderId}/update`);
    expect(again.task_id).not.toBe(taskId);
    expect(await folderNow()).toMatchObject({ status: 'ready', error: null });
  });

  it('deletes a folder with its files', async () => {
    const deleted = await send(owner, 'DELETE', `/api/v1/staticdocs/folders/created/${folderId}`);
    expect(deleted.statusCode).toBe(204);
    expect(
      (await getAs(app(), owner, `/api/v1/staticdocs/folder/${folderId}/metadata`)).statusCode,
    ).toBe(404);
    expect(() => buildsOnDisk(folderId)).toThrow();
  });
});
