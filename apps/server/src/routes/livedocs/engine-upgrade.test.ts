import { join } from 'node:path';
import {
  livedocsFilesResponseSchema,
  livedocsMetadataResponseSchema,
  livedocsObjectResponseSchema,
  repoListResponseSchema,
} from '@codedocs/contract';
import { ENGINE_SCHEMA_VERSION } from '@codedocs/engine';
import { describe, expect, it } from 'vitest';
import { useGitAppBed } from '../../test/git-app-bed';
import { createFixtureRepo, fixtureGit } from '../../test/git-fixtures';
import { FAST_JOB_TIMINGS, waitForTask } from '../../test/jobs';
import { connectAndWait, createRepoUser, getAs, postAs } from '../../test/repos';
import { testConfig, testDialects } from '../../test/test-app';
import { buildApp } from '../../app';

const dialects = await testDialects();

const MATH_TS = `/** Adds two numbers. */
export function add(a: number, b: number): number {
  return a + b;
}

export function twice(a: number): number {
  return add(a, a);
}
`;

describe.each(dialects)('stored models of an older engine schema on %s', (dialect) => {
  const bed = useGitAppBed(dialect, 'codedocs-engine-upgrade-');

  it('are set aside: the commit is indexed again, the rows rewritten, and edits kept', async () => {
    const { root } = bed;
    createFixtureRepo(root, 'up', { 'src/math.ts': MATH_TS, 'tool.py': 'def run():\n    pass\n' });
    const { app, daemon } = await bed.start();
    const user = await createRepoUser(app, 'upgrade@example.com');
    const { repoId } = await connectAndWait(app, user, {
      external_repo_url: daemon.url('up.git'),
    });
    const head = fixtureGit(join(root, 'up-work'), ['rev-parse', 'main']).trim();
    const taskId = `index:${repoId}:${head}`;
    await waitForTask(app, taskId, user.id, ['succeeded']);

    const metadata = async () =>
      livedocsMetadataResponseSchema
        .parse((await getAs(app, user, `/api/v0/livedocs/metadata/${repoId}`)).json())
        .metadata.files.flatMap((f) => f.objects);
    const before = await metadata();
    const add = before.find((o) => o.qualified_name === 'add')!;
    const objectUrl = `/api/v0/livedocs/object/${repoId}?object_id=${add.object_id}`;
    const summaryOf = async () =>
      livedocsObjectResponseSchema
        .parse((await getAs(app, user, objectUrl)).json())
        .object.fields.find((f) => f.field_id === 'summary')!;
    const saved = await postAs(app, user, '/api/v0/livedocs/save', {
      repo_id: repoId,
      object_id: add.object_id,
      field_id: 'summary',
      doc: 'Sums a and b, written by a person.',
      version: (await summaryOf()).version,
    });
    expect(saved.statusCode, saved.body).toBe(200);

    // what an engine upgrade leaves behind: every stored row in the previous schema
    const old = ENGINE_SCHEMA_VERSION - 1;
    await app.db
      .updateTable('repo_indexes')
      .set({ schema_version: old })
      .where('repo_id', '=', repoId)
      .execute();
    await app.db
      .updateTable('file_indexes')
      .set({ schema_version: old })
      .where('repo_id', '=', repoId)
      .execute();

    // reads no longer trust the old rows; the files list queues the same task id again
    const indexed = async () =>
      repoListResponseSchema.parse((await getAs(app, user, '/api/v0/repo')).json()).repos[0]!
        .indexed;
    expect(await indexed()).toBe(false);
    const notIndexed = await getAs(app, user, objectUrl);
    expect(notIndexed.statusCode).toBe(404);
    const files = livedocsFilesResponseSchema.parse(
      (await getAs(app, user, `/api/v0/livedocs/files/${repoId}`)).json(),
    );
    expect(files).toMatchObject({ index_status: 'indexing', task_id: taskId, files: [] });
    const task = await waitForTask(app, taskId, user.id, ['succeeded', 'failed']);
    expect(task.status, task.error ?? '').toBe('succeeded');

    // every row rewritten in the current schema, nothing duplicated
    const rows = async (table: 'repo_indexes' | 'file_indexes') =>
      app.db.selectFrom(table).select('schema_version').where('repo_id', '=', repoId).execute();
    expect((await rows('repo_indexes')).map((r) => r.schema_version)).toEqual([
      ENGINE_SCHEMA_VERSION,
    ]);
    expect((await rows('file_indexes')).map((r) => r.schema_version)).toEqual([
      ENGINE_SCHEMA_VERSION,
      ENGINE_SCHEMA_VERSION,
    ]);
    const after = livedocsFilesResponseSchema.parse(
      (await getAs(app, user, `/api/v0/livedocs/files/${repoId}`)).json(),
    );
    expect(after).toMatchObject({ index_status: 'indexed', task_id: null });
    expect(await indexed()).toBe(true);
    expect(after.files.map((f) => f.file_path)).toEqual(['src/math.ts', 'tool.py']);
    // the same objects (ids are stable), and the person's text is still there
    expect((await metadata()).map((o) => o.object_id).sort()).toEqual(
      before.map((o) => o.object_id).sort(),
    );
    expect(await summaryOf()).toMatchObject({
      value: 'Sums a and b, written by a person.',
      source: 'edited',
    });
  });
  it('are indexed again at the next start, without waiting for a reader', async () => {
    const { root } = bed;
    createFixtureRepo(root, 'restart', { 'src/math.ts': MATH_TS });
    const { app, daemon, testApp } = await bed.start();
    const user = await createRepoUser(app, 'restart@example.com');
    const { repoId } = await connectAndWait(app, user, {
      external_repo_url: daemon.url('restart.git'),
    });
    const head = fixtureGit(join(root, 'restart-work'), ['rev-parse', 'main']).trim();
    const taskId = `index:${repoId}:${head}`;
    await waitForTask(app, taskId, user.id, ['succeeded']);
    const objects = async (on: typeof app) =>
      livedocsMetadataResponseSchema
        .parse((await getAs(on, user, `/api/v0/livedocs/metadata/${repoId}`)).json())
        .metadata.files.flatMap((f) => f.objects);
    const add = (await objects(app)).find((o) => o.qualified_name === 'add')!;
    const saved = await postAs(app, user, '/api/v0/livedocs/save', {
      repo_id: repoId,
      object_id: add.object_id,
      field_id: 'summary',
      doc: 'Written before the upgrade.',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // what migration 0007 (or a new engine schema) leaves: no index of the current commit
    await app.db.deleteFrom('repo_indexes').where('repo_id', '=', repoId).execute();
    await app.db.deleteFrom('file_indexes').where('repo_id', '=', repoId).execute();

    // a second server process starts on the same database and data folder
    const restarted = await buildApp(
      testConfig(testApp.database, { allowPrivateNetwork: true, jobTimings: FAST_JOB_TIMINGS }),
    );
    try {
      await restarted.ready();
      const task = await waitForTask(restarted, taskId, user.id, ['succeeded', 'failed']);
      expect(task.status, task.error ?? '').toBe('succeeded');
      const after = (await objects(restarted)).find((o) => o.qualified_name === 'add')!;
      expect(after).toMatchObject({ object_id: add.object_id, status: 'documented' });
    } finally {
      await restarted.close();
    }
  });
});
