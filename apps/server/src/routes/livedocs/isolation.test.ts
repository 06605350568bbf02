import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  livedocsGenerateResponseSchema,
  livedocsHistoryResponseSchema,
  livedocsMetadataResponseSchema,
  livedocsObjectResponseSchema,
  repoListResponseSchema,
  type LivedocsObject,
} from '@codedocs/contract';
import { scopedObjectId } from '@codedocs/db';
import { objectId, scopeObjectId } from '@codedocs/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGitDaemon, type GitDaemon } from '../../test/git-daemon';
import { createFixtureRepo, fixtureGit } from '../../test/git-fixtures';
import { FAST_JOB_TIMINGS, waitForTask } from '../../test/jobs';
import { connectAndWait, createRepoUser, getAs, postAs, type RepoUser } from '../../test/repos';
import { createTestApp, testDialects, type TestApp } from '../../test/test-app';

const dialects = await testDialects();

const LIB_TS = `/** Adds two numbers. */
export function add(a: number, b: number): number {
  return a + b;
}

export class Counter {
  increment(by: number): number {
    return add(1, by);
  }
}
`;

// A crafted twin: the same path, names and kinds as LIB_TS, other code and other comments.
const TWIN_TS = `/** Steals your docs. */
export function add(x: string, y: string, z: string): string {
  return x + y + z;
}

export class Counter {
  increment(by: number): number {
    return 0;
  }
}
`;

/**
 * Issue 24: object identity is scoped to its repository. Two users connect the same public
 * repository, and one of them also a crafted twin (same path, same qualified names); each
 * generates and edits, and nothing of one appears in the other's reads, counts or history.
 */
describe.each(dialects)('two users with the same code on %s', (dialect) => {
  let root: string;
  let daemon: GitDaemon;
  let testApp: TestApp;
  let v: RepoUser;
  let x: RepoUser;
  let repoV: string;
  let repoX: string;
  let twinX: string;

  const app = () => testApp.app;
  const objectsOf = async (user: RepoUser, repoId: string) => {
    const response = await getAs(app(), user, `/api/v0/livedocs/metadata/${repoId}`);
    expect(response.statusCode, response.body).toBe(200);
    return livedocsMetadataResponseSchema
      .parse(response.json())
      .metadata.files.flatMap((f) => f.objects);
  };
  const idOf = async (user: RepoUser, repoId: string, name: string) =>
    (await objectsOf(user, repoId)).find((o) => o.qualified_name === name)!.object_id;
  const objectView = async (user: RepoUser, repoId: string, id: string) =>
    getAs(app(), user, `/api/v0/livedocs/object/${repoId}?object_id=${id}`);
  const readObject = async (
    user: RepoUser,
    repoId: string,
    name: string,
  ): Promise<LivedocsObject> => {
    const response = await objectView(user, repoId, await idOf(user, repoId, name));
    expect(response.statusCode, response.body).toBe(200);
    return livedocsObjectResponseSchema.parse(response.json()).object;
  };
  const generateAll = async (user: RepoUser, repoId: string) => {
    const accepted = await postAs(
      app(),
      user,
      '/api/v2/livedocs/generate/all',
      { repo_id: repoId },
      { 'x-plan': user.plan },
    );
    expect(accepted.statusCode, accepted.body).toBe(202);
    const { task_id: taskId } = livedocsGenerateResponseSchema.parse(accepted.json());
    const task = await waitForTask(app(), taskId, user.id, ['succeeded', 'failed']);
    expect(task.status, task.error ?? '').toBe('succeeded');
    return task;
  };
  const save = (user: RepoUser, repoId: string, objectId: string, doc: string) =>
    postAs(app(), user, '/api/v0/livedocs/save', {
      repo_id: repoId,
      object_id: objectId,
      field_id: 'summary',
      doc,
    });
  const head = (name: string) =>
    fixtureGit(join(root, `${name}-work`), ['rev-parse', 'main']).trim();
  const connectIndexed = async (user: RepoUser, name: string) => {
    const { repoId, task } = await connectAndWait(app(), user, {
      external_repo_url: daemon.url(`${name}.git`),
    });
    expect(task.status, task.error ?? '').toBe('succeeded');
    const index = await waitForTask(app(), `index:${repoId}:${head(name)}`, user.id, [
      'succeeded',
      'failed',
    ]);
    expect(index.status, index.error ?? '').toBe('succeeded');
    return repoId;
  };

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'codedocs-isolation-'));
    createFixtureRepo(root, 'lib', { 'src/lib.ts': LIB_TS });
    createFixtureRepo(root, 'twin', { 'src/lib.ts': TWIN_TS });
    daemon = await startGitDaemon(root);
    testApp = await createTestApp(dialect, {
      allowPrivateNetwork: true,
      jobTimings: FAST_JOB_TIMINGS,
    });
    v = await createRepoUser(app(), 'v@example.com');
    x = await createRepoUser(app(), 'x@example.com');
    repoV = await connectIndexed(v, 'lib');
    repoX = await connectIndexed(x, 'lib');
    twinX = await connectIndexed(x, 'twin');
  });

  afterAll(async () => {
    await testApp?.close();
    await daemon?.stop();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('gives the same path and name a different id in every repository', async () => {
    const ids = await Promise.all([
      idOf(v, repoV, 'add'),
      idOf(x, repoX, 'add'),
      idOf(x, twinX, 'add'),
    ]);
    expect(new Set(ids).size).toBe(3);
    // the id is the engine's, keyed by the repository (and the migration's re-keying agrees)
    const unscoped = objectId('', 'src/lib.ts', 'add', 'function', 0);
    expect(ids[0]).toBe(scopeObjectId(repoV, unscoped));
    expect(scopedObjectId(repoV, unscoped)).toBe(ids[0]);
    const rows = await app()
      .db.selectFrom('code_objects')
      .select(['repo_id'])
      .where('qualified_name', '=', 'add')
      .execute();
    expect(rows.map((r) => r.repo_id).sort()).toEqual([repoV, repoX, twinX].sort());
  });

  it('keeps generation, edits, history and counts of each repository to itself', async () => {
    await generateAll(v, repoV);
    // X documents the twin last: before scoping, this overwrote V's object
    await generateAll(x, repoX);
    await generateAll(x, twinX);

    const vAdd = await readObject(v, repoV, 'add');
    expect(vAdd.signature).toContain('a: number, b: number');
    expect(vAdd.status).toBe('documented');
    expect(vAdd.fields.map((f) => f.field_id)).toContain('param:a');
    expect(vAdd.fields.map((f) => f.field_id)).not.toContain('param:x');
    for (const field of vAdd.fields.filter((f) => f.value !== '')) {
      expect(field.updated_by, field.field_id).toBe(v.id);
    }
    const twinAdd = await readObject(x, twinX, 'add');
    expect(twinAdd.fields.map((f) => f.field_id)).toContain('param:z');

    expect((await save(v, repoV, vAdd.object_id, 'V: adds two numbers.')).statusCode).toBe(200);
    const xAddId = await idOf(x, repoX, 'add');
    expect((await save(x, repoX, xAddId, 'X: my own words.')).statusCode).toBe(200);
    expect((await save(x, twinX, twinAdd.object_id, 'Twin words.')).statusCode).toBe(200);

    const summary = (o: LivedocsObject) => o.fields.find((f) => f.field_id === 'summary')!;
    expect(summary(await readObject(v, repoV, 'add'))).toMatchObject({
      value: 'V: adds two numbers.',
      updated_by: v.id,
      source: 'edited',
    });
    expect(summary(await readObject(x, repoX, 'add')).value).toBe('X: my own words.');
    expect(summary(await readObject(x, twinX, 'add')).value).toBe('Twin words.');

    const history = await getAs(
      app(),
      v,
      `/api/v0/livedocs/history/${repoV}?object_id=${vAdd.object_id}&field_id=summary`,
    );
    const revisions = livedocsHistoryResponseSchema.parse(history.json()).revisions;
    expect(revisions.map((r) => r.created_by)).toEqual([v.id, v.id]);
    expect(revisions[0]!.value).toBe('V: adds two numbers.');

    // every repository counts its own objects (add, Counter, Counter.increment): add has a
    // person's summary; the others only generated text or none
    for (const [user, repoIds] of [
      [v, [repoV]],
      [x, [repoX, twinX]],
    ] as const) {
      const list = repoListResponseSchema.parse((await getAs(app(), user, '/api/v0/repo')).json());
      expect(list.repos.map((r) => r.repo_id).sort()).toEqual([...repoIds].sort());
      for (const repo of list.repos) {
        expect(repo).toMatchObject({ object_count: 3, documented_count: 1, stale_count: 0 });
        expect(repo.generated_count + repo.undocumented_count).toBe(2);
      }
    }
    for (const repoId of [repoV, repoX, twinX]) {
      const docs = await app()
        .db.selectFrom('docs')
        .innerJoin('repos', 'repos.id', 'docs.repo_id')
        .select(['docs.updated_by', 'repos.user_id'])
        .where('docs.repo_id', '=', repoId)
        .execute();
      expect(docs.length).toBeGreaterThan(4);
      for (const doc of docs) expect(doc.updated_by).toBe(doc.user_id);
    }
  });

  it("never lets one repository's ids address another's objects (the attack fails)", async () => {
    const vAdd = await idOf(v, repoV, 'add');
    // X names V's object in X's own repositories: it is not there
    for (const repoId of [repoX, twinX]) {
      expect((await objectView(x, repoId, vAdd)).statusCode).toBe(404);
      expect((await save(x, repoId, vAdd, 'overwrite')).statusCode).toBe(404);
      const history = await getAs(
        app(),
        x,
        `/api/v0/livedocs/history/${repoId}?object_id=${vAdd}&field_id=summary`,
      );
      expect(history.statusCode).toBe(404);
      const review = await postAs(app(), x, '/api/v0/livedocs/review', {
        repo_id: repoId,
        object_id: vAdd,
      });
      expect(review.statusCode).toBe(404);
      const accept = await postAs(app(), x, '/api/v0/livedocs/accept', {
        repo_id: repoId,
        object_id: vAdd,
        field_id: 'summary',
        version: 1,
      });
      expect(accept.statusCode).toBe(404);
      const regenerate = await postAs(
        app(),
        x,
        '/api/v2/livedocs/regenerate',
        { repo_id: repoId, object_id: vAdd },
        { 'x-plan': x.plan },
      );
      expect(regenerate.statusCode).toBe(404);
    }
    // and V's repository itself is not X's to read
    expect((await objectView(x, repoV, vAdd)).statusCode).toBe(404);
    const summary = (await readObject(v, repoV, 'add')).fields.find(
      (f) => f.field_id === 'summary',
    )!;
    expect(summary.value).toBe('V: adds two numbers.');
  });

  it('re-generating one repository leaves the other untouched', async () => {
    const before = await readObject(v, repoV, 'Counter.increment');
    await generateAll(x, repoX);
    await generateAll(x, twinX);
    const after = await readObject(v, repoV, 'Counter.increment');
    expect(after.fields).toEqual(before.fields);
    expect(after.status).toBe(before.status);
  });
});
