import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  compilationChangeResponseSchema,
  compilationMetadataResponseSchema,
  compilationObjectsResponseSchema,
  compilationResponseSchema,
  livedocsMetadataResponseSchema,
  objectSearchResponseSchema,
  type ListedObject,
} from '@codedocs/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGitDaemon, type GitDaemon } from '../../test/git-daemon';
import { createFixtureRepo, fixtureGit } from '../../test/git-fixtures';
import { FAST_JOB_TIMINGS, waitForTask } from '../../test/jobs';
import {
  connectAndWait,
  createRepoUser,
  getAs,
  postAs,
  syncRepo,
  type RepoUser,
} from '../../test/repos';
import { createTestApp, testDialects, type TestApp } from '../../test/test-app';

const dialects = await testDialects();

const API_TS = `/** Starts the server. */
export function startServer(port: number): void {}

export function stopServer(): void {}

export class Router {
  route(path: string): void {}
}
`;

const UTIL_PY = `def parse_config(text):
    return text


def server_name():
    return "x"
`;

/** Issue 15: compilations ("pockets") through the API, on both databases. */
describe.each(dialects)('compilations on %s', (dialect) => {
  let root: string;
  let daemon: GitDaemon;
  let testApp: TestApp;
  let owner: RepoUser;
  let stranger: RepoUser;
  let apiRepo: string;
  let utilRepo: string;
  let strangerRepo: string;

  const app = () => testApp.app;
  const send = (
    user: RepoUser,
    method: 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ): Promise<LightMyRequestResponse> =>
    app().inject({
      method,
      url,
      headers: { authorization: `Bearer ${user.token}` },
      ...(payload && { payload }),
    });
  const create = (name: string, user = owner) =>
    send(user, 'POST', '/api/v0/compilation', { name });
  const createId = async (name: string) => {
    const response = await create(name);
    expect(response.statusCode, response.body).toBe(201);
    return compilationResponseSchema.parse(response.json()).compilation.compilation_id;
  };
  const objectsOf = async (id: string, user = owner) => {
    const response = await getAs(app(), user, `/api/v0/compilation/${id}/object/metadata`);
    expect(response.statusCode, response.body).toBe(200);
    return compilationObjectsResponseSchema.parse(response.json()).objects;
  };
  const metadata = async (user = owner) =>
    compilationMetadataResponseSchema.parse(
      (await getAs(app(), user, '/api/v0/compilation/metadata')).json(),
    ).metadata;
  const repoObjects = async (repoId: string, user = owner) =>
    livedocsMetadataResponseSchema
      .parse((await getAs(app(), user, `/api/v0/livedocs/metadata/${repoId}`)).json())
      .metadata.files.flatMap((f) => f.objects);
  const idOf = async (repoId: string, name: string, user = owner) =>
    (await repoObjects(repoId, user)).find((o) => o.qualified_name === name)!.object_id;
  const add = (compilationId: string, objectIds: string[], user = owner) =>
    send(user, 'POST', '/api/v0/compilation/object', {
      compilation_id: compilationId,
      object_ids: objectIds,
    });
  const search = async (query: string, user = owner) => {
    const response = await getAs(app(), user, `/api/v0/objects/search${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return objectSearchResponseSchema.parse(response.json());
  };
  const names = (objects: ListedObject[]) => objects.map((o) => o.qualified_name);
  const connectIndexed = async (user: RepoUser, name: string) => {
    const { repoId, task } = await connectAndWait(app(), user, {
      external_repo_url: daemon.url(`${name}.git`),
    });
    expect(task.status, task.error ?? '').toBe('succeeded');
    const head = fixtureGit(join(root, `${name}-work`), ['rev-parse', 'main']).trim();
    await waitForTask(app(), `index:${repoId}:${head}`, user.id, ['succeeded']);
    return repoId;
  };

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'codedocs-compilations-'));
    createFixtureRepo(root, 'api', { 'src/api.ts': API_TS });
    createFixtureRepo(root, 'util', { 'util.py': UTIL_PY });
    createFixtureRepo(root, 'theirs', { 'src/api.ts': API_TS });
    daemon = await startGitDaemon(root);
    testApp = await createTestApp(dialect, {
      logLevel: 'error',
      allowPrivateNetwork: true,
      jobTimings: FAST_JOB_TIMINGS,
    });
    owner = await createRepoUser(app(), 'owner@example.com');
    stranger = await createRepoUser(app(), 'stranger@example.com');
    apiRepo = await connectIndexed(owner, 'api');
    utilRepo = await connectIndexed(owner, 'util');
    strangerRepo = await connectIndexed(stranger, 'theirs');
  });

  afterAll(async () => {
    await testApp?.close();
    await daemon?.stop();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('creates, lists, renames and refuses a name in use (any case) or an empty one', async () => {
    const created = await create('Public API');
    expect(created.statusCode, created.body).toBe(201);
    const { compilation } = compilationResponseSchema.parse(created.json());
    expect(compilation).toMatchObject({ name: 'Public API', object_count: 0, repositories: [] });
    const again = await create('public api');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('public api');
    const empty = await create('   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().field).toBe('body.name');
    // another user may use the same name
    expect((await create('Public API', stranger)).statusCode).toBe(201);

    const other = await createId('Onboarding');
    const renamed = await send(owner, 'PATCH', `/api/v0/compilation/${other}`, {
      name: 'New hires',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(compilationResponseSchema.parse(renamed.json()).compilation.name).toBe('New hires');
    const taken = await send(owner, 'PATCH', `/api/v0/compilation/${other}`, {
      name: 'PUBLIC API',
    });
    expect(taken.statusCode).toBe(409);
    expect((await metadata()).map((c) => c.name)).toEqual(['Public API', 'New hires']);
  });

  it('adds objects from two repositories, idempotent and all or nothing, in order', async () => {
    const id = await createId('Two repos');
    const start = await idOf(apiRepo, 'startServer');
    const parse = await idOf(utilRepo, 'parse_config');
    const router = await idOf(apiRepo, 'Router.route');
    const added = await add(id, [start, parse]);
    expect(added.statusCode, added.body).toBe(200);
    expect(compilationChangeResponseSchema.parse(added.json())).toMatchObject({
      changed: 2,
      object_count: 2,
    });
    const repeat = compilationChangeResponseSchema.parse((await add(id, [parse, router])).json());
    expect(repeat).toMatchObject({ changed: 1, object_count: 3 });
    expect(names(await objectsOf(id))).toEqual(['startServer', 'parse_config', 'Router.route']);

    // an unknown id, or another user's object: 404 and nothing added
    const theirs = await idOf(strangerRepo, 'stopServer', stranger);
    const stop = await idOf(apiRepo, 'stopServer');
    for (const ids of [
      [stop, 'no-such-object'],
      [stop, theirs],
    ]) {
      expect((await add(id, ids)).statusCode).toBe(404);
      expect(await objectsOf(id)).toHaveLength(3);
    }

    const [entry] = (await metadata()).filter((c) => c.compilation_id === id);
    expect(entry?.object_count).toBe(3);
    // repositories by name
    expect(entry?.repositories.map((r) => [r.repo_id, r.files, r.objects])).toEqual([
      [apiRepo, 1, 2],
      [utilRepo, 1, 1],
    ]);
    const listed = (await objectsOf(id))[0]!;
    expect(listed).toMatchObject({
      repo_id: apiRepo,
      name: 'startServer',
      kind: 'function',
      language: 'typescript',
      file_path: 'src/api.ts',
      // the author's own summary counts before anything is generated
      status: 'documented',
      summary: null,
    });
  });

  it('reorders (every object once), removes one and a selection', async () => {
    const id = await createId('Order');
    const ids = await Promise.all(
      ['startServer', 'stopServer', 'Router', 'Router.route'].map((n) => idOf(apiRepo, n)),
    );
    await add(id, ids);
    const reversed = [...ids].reverse();
    const ordered = await send(owner, 'PUT', `/api/v0/compilation/${id}/order`, {
      object_ids: reversed,
    });
    expect(ordered.statusCode, ordered.body).toBe(200);
    expect(
      compilationObjectsResponseSchema.parse(ordered.json()).objects.map((o) => o.object_id),
    ).toEqual(reversed);
    expect((await objectsOf(id)).map((o) => o.object_id)).toEqual(reversed);
    const missing = await send(owner, 'PUT', `/api/v0/compilation/${id}/order`, {
      object_ids: reversed.slice(1),
    });
    expect(missing.statusCode).toBe(409);
    const twice = await send(owner, 'PUT', `/api/v0/compilation/${id}/order`, {
      object_ids: [reversed[0], ...reversed.slice(0, 3)],
    });
    expect(twice.statusCode).toBe(400);

    const one = await send(owner, 'DELETE', `/api/v0/compilation/${id}/object/${ids[0]}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(
      (await send(owner, 'DELETE', `/api/v0/compilation/${id}/object/${ids[0]}`)).statusCode,
    ).toBe(404);
    const many = await send(owner, 'POST', `/api/v0/compilation/${id}/object/remove`, {
      object_ids: [ids[1], ids[2]],
    });
    expect(compilationChangeResponseSchema.parse(many.json())).toMatchObject({
      changed: 2,
      object_count: 1,
    });
    expect((await objectsOf(id)).map((o) => o.object_id)).toEqual([ids[3]]);
  });

  it("answers 404 for another user's compilation on every route", async () => {
    const id = await createId('Private');
    const object = await idOf(apiRepo, 'startServer');
    await add(id, [object]);
    const theirs = await idOf(strangerRepo, 'startServer', stranger);
    const answers = [
      await getAs(app(), stranger, `/api/v0/compilation/${id}/object/metadata`),
      await send(stranger, 'PATCH', `/api/v0/compilation/${id}`, { name: 'Mine now' }),
      await send(stranger, 'POST', '/api/v0/compilation/object', {
        compilation_id: id,
        object_ids: [theirs],
      }),
      await send(stranger, 'DELETE', `/api/v0/compilation/${id}/object/${object}`),
      await send(stranger, 'POST', `/api/v0/compilation/${id}/object/remove`, {
        object_ids: [object],
      }),
      await send(stranger, 'PUT', `/api/v0/compilation/${id}/order`, { object_ids: [object] }),
      await send(stranger, 'DELETE', `/api/v0/compilation/${id}`),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 404));
    expect((await metadata(stranger)).map((c) => c.compilation_id)).not.toContain(id);
    expect(names(await objectsOf(id))).toEqual(['startServer']);
    expect((await send(owner, 'DELETE', `/api/v0/compilation/${id}`)).statusCode).toBe(204);
    expect((await send(owner, 'DELETE', `/api/v0/compilation/${id}`)).statusCode).toBe(404);
  });

  it('searches every repository of the caller: prefix first, filters, cursor pages', async () => {
    const all = await search('?q=server&limit=200');
    // startServer/stopServer start with "s"; "server" is a prefix of server_name only
    expect(names(all.objects)).toEqual(['server_name', 'startServer', 'stopServer']);
    expect(all.cursor).toBeNull();
    expect(all.objects.every((o) => o.repo_id !== strangerRepo)).toBe(true);
    expect(names((await search('?q=SERVER&language=python')).objects)).toEqual(['server_name']);
    expect(names((await search(`?repo_id=${utilRepo}`)).objects)).toEqual([
      'parse_config',
      'server_name',
      'util',
    ]);
    expect(names((await search('?kind=method')).objects)).toEqual(['Router.route']);
    // a wildcard is matched literally
    expect((await search('?q=%25')).objects).toEqual([]);
    expect(names((await search('?q=r_n')).objects)).toEqual(['server_name']);
    // under three characters: names that start with the text (any case), not names containing it
    expect(names((await search('?q=Pa')).objects)).toEqual(['parse_config']);
    expect(names((await search('?q=er')).objects)).toEqual([]);

    const paged: ListedObject[] = [];
    let cursor: string | null = null;
    do {
      const page = await search(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.objects.length).toBeLessThanOrEqual(2);
      paged.push(...page.objects);
      cursor = page.cursor;
    } while (cursor);
    const whole = await search('?limit=200');
    expect(paged.map((o) => o.object_id)).toEqual(whole.objects.map((o) => o.object_id));
    expect(new Set(paged.map((o) => o.object_id)).size).toBe(paged.length);
    const bad = await getAs(app(), owner, '/api/v0/objects/search?cursor=nonsense');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('query.cursor');
    // the stranger finds only their own
    expect(
      (await search('?limit=200', stranger)).objects.every((o) => o.repo_id === strangerRepo),
    ).toBe(true);
  });

  it('filters the search by status and shows the summary', async () => {
    const start = await idOf(apiRepo, 'startServer');
    const saved = await postAs(app(), owner, '/api/v0/livedocs/save', {
      repo_id: apiRepo,
      object_id: start,
      field_id: 'summary',
      doc: 'Starts the HTTP server.',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const documented = await search('?status=documented');
    expect(documented.objects.map((o) => [o.qualified_name, o.summary])).toEqual([
      ['startServer', 'Starts the HTTP server.'],
    ]);
    expect(names((await search('?status=undocumented&q=server')).objects)).toEqual([
      'server_name',
      'stopServer',
    ]);
  });

  it('answers the current state after every change, though the reads are computed once', async () => {
    const id = await createId('Followed');
    const stop = await idOf(apiRepo, 'stopServer');
    const parse = await idOf(utilRepo, 'parse_config');
    expect((await objectsOf(id)).length).toBe(0);
    // two changes in a row (the same millisecond, often) are two versions
    expect((await add(id, [stop])).statusCode).toBe(200);
    expect((await add(id, [parse])).statusCode).toBe(200);
    expect(names(await objectsOf(id))).toEqual(['stopServer', 'parse_config']);
    const first = await getAs(app(), owner, `/api/v0/compilation/${id}/object/metadata`);
    const etag = String(first.headers.etag);
    const unchanged = await app().inject({
      method: 'GET',
      url: `/api/v0/compilation/${id}/object/metadata`,
      headers: { authorization: `Bearer ${owner.token}`, 'if-none-match': etag },
    });
    expect(unchanged.statusCode).toBe(304);
    // a doc written elsewhere changes the status and summary the list shows
    const saved = await postAs(app(), owner, '/api/v0/livedocs/save', {
      repo_id: apiRepo,
      object_id: stop,
      field_id: 'summary',
      doc: 'Stops the server.',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [stopped] = await objectsOf(id);
    expect([stopped?.status, stopped?.summary]).toEqual(['documented', 'Stops the server.']);
    const renamed = await send(owner, 'PATCH', `/api/v0/compilation/${id}`, { name: 'Renamed' });
    expect(renamed.statusCode).toBe(200);
    const listed = (await metadata()).find((c) => c.compilation_id === id);
    expect([listed?.name, listed?.object_count]).toEqual(['Renamed', 2]);
    expect(
      (await send(owner, 'DELETE', `/api/v0/compilation/${id}/object/${parse}`)).statusCode,
    ).toBe(200);
    expect((await metadata()).find((c) => c.compilation_id === id)?.object_count).toBe(1);
    expect(names(await objectsOf(id))).toEqual(['stopServer']);
  });

  it('keeps an object gone from the code as removed, and drops a deleted repository', async () => {
    const id = await createId('Moving code');
    await add(id, [
      await idOf(utilRepo, 'server_name'),
      await idOf(utilRepo, 'parse_config'),
      await idOf(apiRepo, 'Router'),
    ]);
    const work = join(root, 'util-work');
    writeFileSync(join(work, 'util.py'), 'def parse_config(text):\n    return text\n');
    fixtureGit(work, ['commit', '-q', '-am', 'server_name is gone']);
    fixtureGit(work, ['push', '-q', join(root, 'util.git'), 'main']);
    const synced = await syncRepo(app(), owner, utilRepo);
    expect(synced.statusCode, synced.body).toBe(200);
    const after = await objectsOf(id);
    expect(after.map((o) => [o.qualified_name, o.status])).toEqual([
      ['server_name', 'removed'],
      ['parse_config', 'undocumented'],
      ['Router', 'undocumented'],
    ]);
    // gone from the code, so the search (current commits only) no longer finds it
    expect(names((await search('?q=server_name')).objects)).toEqual([]);

    const deleted = await app().inject({
      method: 'DELETE',
      url: `/api/v0/repo/${utilRepo}`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect(names(await objectsOf(id))).toEqual(['Router']);
    const [entry] = (await metadata()).filter((c) => c.compilation_id === id);
    expect(entry?.repositories.map((r) => r.repo_id)).toEqual([apiRepo]);
    expect(entry?.object_count).toBe(1);
  });
});
