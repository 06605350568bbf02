import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../create-database';
import { migrateTo, migrateToLatest } from '../migrate';
import { createTestDatabase, testDialects, type TestDatabase } from '../testing';
import { scopedObjectId } from './0007-repo-scoped-objects';

const dialects = await testDialects();

/**
 * A database as release 0006 left it after two users connected repositories with the same path
 * and function (one shared `code_objects` row, docs and revisions of both users on it), then
 * upgraded: every human edit stays with its author's repository and nothing crosses over.
 */
describe.each(dialects)('migration 0007 (repo-scoped objects) on %s', (dialect) => {
  let testDb: TestDatabase;
  let handle: DatabaseHandle;
  // the tables as 0006 shaped them, which schema.ts no longer describes
  let old: Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- an older schema

  const at = (minute: number) =>
    `2026-11-0${1 + Math.floor(minute / 60)}T10:${String(minute % 60).padStart(2, '0')}:00.000Z`;

  beforeAll(async () => {
    testDb = await createTestDatabase(dialect);
    handle = createDatabase(testDb);
    await migrateTo(handle.db, handle.dialect, '0006-docs-revision');
    old = handle.db as unknown as Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- see above

    for (const id of ['u-v', 'u-x', 'u-w']) {
      await old
        .insertInto('users')
        .values({ id, email: `${id}@example.com` })
        .execute();
    }
    const repo = (id: string, user: string, url: string) => ({
      id,
      user_id: user,
      url,
      name: id,
      method: 'https',
      status: 'connected',
      head_commit: 'c1',
    });
    await old
      .insertInto('repos')
      .values([
        repo('r-v', 'u-v', 'https://example.com/flask.git'),
        repo('r-x', 'u-x', 'https://example.com/flask.git'),
        // V's other repository does not hold the path: it must not receive anything
        repo('r-v2', 'u-v', 'https://example.com/other.git'),
        // W's repository does not hold the path either (W's write cannot be attributed)
        repo('r-w', 'u-w', 'https://example.com/w.git'),
      ])
      .execute();
    const file = (repoId: string, path: string) => ({
      repo_id: repoId,
      commit_id: 'c1',
      path,
      file_id: `f-${path}`,
      name: path.split('/').pop(),
      extension: 'py',
      language: 'python',
      size: 10,
      blob_sha: 'b1',
      mode: '100644',
    });
    await old
      .insertInto('files')
      .values([
        file('r-v', 'src/app.py'),
        file('r-x', 'src/app.py'),
        file('r-v2', 'other.py'),
        file('r-w', 'w.py'),
      ])
      .execute();
    const object = (id: string, parent: string | null) => ({
      id,
      repo_id: 'r-v',
      file_path: 'src/app.py',
      name: id,
      qualified_name: id,
      kind: 'function',
      language: 'python',
      signature: `${id}()`,
      line_start: 1,
      line_end: 2,
      // the last indexer (X) overwrote the shared row's columns
      code_hash: 'h-x',
      present: 1,
      parent_id: parent,
    });
    await old
      .insertInto('code_objects')
      .values([object('o1', null), object('o2', 'o1')])
      .execute();
    const doc = (
      objectId: string,
      field: string,
      value: string,
      source: string,
      by: string | null,
      minute: number,
      version = 1,
    ) => ({
      object_id: objectId,
      field_id: field,
      value,
      source,
      updated_by: by,
      updated_at: at(minute),
      written_at_commit: 'c1',
      code_hash_at_write: by === 'u-x' ? 'h-x' : 'h-v',
      version,
    });
    const docs = [
      doc('o1', 'summary', 'V wrote this summary.', 'edited', 'u-v', 10, 2),
      doc('o1', 'description', 'Generated for X.', 'generated', 'u-x', 20),
      doc('o1', 'notes', 'X wrote these notes.', 'edited', 'u-x', 30),
      doc('o1', 'example', 'W wrote this.', 'edited', 'u-w', 40),
      doc('o2', 'summary', 'Generated for V.', 'generated', 'u-v', 5),
    ];
    await old.insertInto('docs').values(docs).execute();
    const revision = (d: (typeof docs)[number], id: string, overrides = {}) => ({
      id,
      object_id: d.object_id,
      field_id: d.field_id,
      version: d.version,
      value: d.value,
      source: d.source,
      written_at_commit: d.written_at_commit,
      code_hash_at_write: d.code_hash_at_write,
      created_at: d.updated_at,
      created_by: d.updated_by,
      ...overrides,
    });
    await old
      .insertInto('doc_revisions')
      .values([
        revision(docs[0]!, 'rev-1', {
          version: 1,
          value: 'Generated for V.',
          source: 'generated',
          created_at: at(1),
        }),
        revision(docs[0]!, 'rev-2'),
        revision(docs[1]!, 'rev-3'),
        revision(docs[2]!, 'rev-4'),
        revision(docs[3]!, 'rev-5'),
        revision(docs[4]!, 'rev-6'),
        // a revision whose author was deleted: it stays with the repository of the last human edit
        {
          ...revision(docs[1]!, 'rev-7'),
          field_id: 'returns',
          value: 'Nobody signed this.',
          created_by: null,
          created_at: at(2),
        },
      ])
      .execute();
    await old
      .insertInto('compilations')
      .values([
        { id: 'comp-v', user_id: 'u-v', name: 'V' },
        { id: 'comp-x', user_id: 'u-x', name: 'X' },
      ])
      .execute();
    await old
      .insertInto('compilation_objects')
      .values([
        { compilation_id: 'comp-v', object_id: 'o1' },
        { compilation_id: 'comp-v', object_id: 'o2' },
        { compilation_id: 'comp-x', object_id: 'o1' },
      ])
      .execute();
    await old
      .insertInto('file_indexes')
      .values({
        repo_id: 'r-v',
        blob_sha: 'b1',
        path: 'src/app.py',
        schema_version: 1,
        object_count: 2,
        data: new Uint8Array([1]),
      })
      .execute();
    await old
      .insertInto('repo_indexes')
      .values({
        repo_id: 'r-v',
        commit_id: 'c1',
        schema_version: 1,
        file_count: 1,
        object_count: 2,
        references_data: new Uint8Array([1]),
      })
      .execute();

    expect(await migrateToLatest(handle.db, handle.dialect)).toContain('0007-repo-scoped-objects');
  });

  afterAll(async () => {
    await handle?.destroy();
    await testDb?.cleanup();
  });

  const v1 = () => scopedObjectId('r-v', 'o1');
  const x1 = () => scopedObjectId('r-x', 'o1');

  it('re-keys every object by its repository, parents too', async () => {
    const rows = await handle.db
      .selectFrom('code_objects')
      .select(['repo_id', 'id', 'parent_id', 'present'])
      .orderBy('repo_id')
      .orderBy('id')
      .execute();
    expect(rows).toEqual(
      [
        { repo_id: 'r-v', id: v1(), parent_id: null, present: 1 },
        { repo_id: 'r-v', id: scopedObjectId('r-v', 'o2'), parent_id: v1(), present: 1 },
        // X's object is known again; whether X's commit holds it is for the re-index to say
        { repo_id: 'r-x', id: x1(), parent_id: null, present: 0 },
      ].sort((a, b) => (a.repo_id + a.id < b.repo_id + b.id ? -1 : 1)),
    );
    expect(v1()).not.toBe(x1());
  });

  it('keeps each human edit with its author and nothing of one user in the other', async () => {
    const docsOf = async (repoId: string) =>
      Object.fromEntries(
        (
          await handle.db
            .selectFrom('docs')
            .select(['object_id', 'field_id', 'value', 'source', 'updated_by', 'version'])
            .where('repo_id', '=', repoId)
            .orderBy('field_id')
            .execute()
        ).map((d) => [
          `${d.object_id === v1() || d.object_id === x1() ? 'o1' : 'o2'}.${d.field_id}`,
          d,
        ]),
      );
    const v = await docsOf('r-v');
    expect(Object.keys(v).sort()).toEqual(['o1.summary', 'o2.summary']);
    expect(v['o1.summary']).toMatchObject({
      value: 'V wrote this summary.',
      source: 'edited',
      updated_by: 'u-v',
      version: 2,
    });
    const x = await docsOf('r-x');
    expect(Object.keys(x).sort()).toEqual(['o1.description', 'o1.notes', 'o1.returns']);
    expect(x['o1.notes']).toMatchObject({ value: 'X wrote these notes.', updated_by: 'u-x' });
    expect(x['o1.returns']).toMatchObject({ value: 'Nobody signed this.', updated_by: null });
    // W holds no repository with the path: W's write is not handed to V or X
    expect(
      await handle.db
        .selectFrom('docs')
        .select('value')
        .where('value', '=', 'W wrote this.')
        .execute(),
    ).toEqual([]);
    for (const repoId of ['r-v2', 'r-w']) expect(await docsOf(repoId)).toEqual({});
  });

  it('splits the history the same way', async () => {
    const history = await handle.db
      .selectFrom('doc_revisions')
      .select(['id', 'repo_id', 'object_id'])
      .orderBy('id')
      .execute();
    expect(history).toEqual([
      { id: 'rev-1', repo_id: 'r-v', object_id: v1() },
      { id: 'rev-2', repo_id: 'r-v', object_id: v1() },
      { id: 'rev-3', repo_id: 'r-x', object_id: x1() },
      { id: 'rev-4', repo_id: 'r-x', object_id: x1() },
      { id: 'rev-6', repo_id: 'r-v', object_id: scopedObjectId('r-v', 'o2') },
      { id: 'rev-7', repo_id: 'r-x', object_id: x1() },
    ]);
  });

  it("points each compilation at its owner's object", async () => {
    const entries = await handle.db
      .selectFrom('compilation_objects')
      .select(['compilation_id', 'repo_id', 'object_id'])
      .orderBy('compilation_id')
      .orderBy('object_id')
      .execute();
    expect(entries).toEqual(
      [
        { compilation_id: 'comp-v', repo_id: 'r-v', object_id: v1() },
        { compilation_id: 'comp-v', repo_id: 'r-v', object_id: scopedObjectId('r-v', 'o2') },
        { compilation_id: 'comp-x', repo_id: 'r-x', object_id: x1() },
      ].sort((a, b) => (a.compilation_id + a.object_id < b.compilation_id + b.object_id ? -1 : 1)),
    );
  });

  it('sets aside the stored engine models and indexes, which hold the old ids', async () => {
    expect(await handle.db.selectFrom('file_indexes').selectAll().execute()).toEqual([]);
    expect(await handle.db.selectFrom('repo_indexes').selectAll().execute()).toEqual([]);
  });

  it('refuses a doc of one repository on an object of another', async () => {
    await expect(
      handle.db
        .insertInto('docs')
        .values({
          repo_id: 'r-x',
          object_id: v1(),
          field_id: 'summary',
          value: 'crossing',
          source: 'edited',
        })
        .execute(),
    ).rejects.toThrow();
  });

  it('deletes a repository with everything keyed by it', async () => {
    await handle.db.deleteFrom('repos').where('id', '=', 'r-x').execute();
    for (const table of ['code_objects', 'docs', 'doc_revisions', 'compilation_objects'] as const) {
      const rows = await handle.db
        .selectFrom(table)
        .select('repo_id')
        .where('repo_id', '=', 'r-x')
        .execute();
      expect(rows, table).toEqual([]);
    }
  });
});
