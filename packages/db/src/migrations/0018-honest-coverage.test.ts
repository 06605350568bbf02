import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../create-database';
import { migrateTo, migrateToLatest } from '../migrate';
import { createTestDatabase, testDialects, type TestDatabase } from '../testing';

const dialects = await testDialects();

/**
 * A repository as release 0017 left it after "Generate all": every object has a filled field, so
 * the old count said 4 of 4 documented. Upgraded, the latest snapshot says what is true: two
 * objects have the author's summary, one a person's edit, one generated text only; an older
 * day's documented figure is marked as counted by the old rule, not shown as if it were true.
 */
describe.each(dialects)('migration 0018 (honest coverage) on %s', (dialect) => {
  let testDb: TestDatabase;
  let handle: DatabaseHandle;
  let old: Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- an older schema

  beforeAll(async () => {
    testDb = await createTestDatabase(dialect);
    handle = createDatabase(testDb);
    await migrateTo(handle.db, handle.dialect, '0017-repo-overviews');
    old = handle.db as unknown as Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- see above
    await old.insertInto('users').values({ id: 'u', email: 'u@example.com' }).execute();
    await old
      .insertInto('repos')
      .values({
        id: 'r',
        user_id: 'u',
        url: 'https://example.com/r.git',
        name: 'r',
        method: 'https',
        status: 'connected',
        head_commit: 'c1',
      })
      .execute();
    const object = (id: string, docComment: string | null, present = 1) => ({
      repo_id: 'r',
      id,
      file_path: 'a.ts',
      name: id,
      qualified_name: id,
      kind: 'function',
      language: 'typescript',
      signature: `function ${id}()`,
      line_start: 1,
      line_end: 2,
      code_hash: `h-${id}`,
      doc_comment: docComment,
      present,
    });
    await old
      .insertInto('code_objects')
      .values([
        object('authored', '/** Does a thing. */'),
        object('authored2', '/** Does another. */'),
        object('edited', null),
        object('generated', null),
        object('gone', '/** Removed since. */', 0),
      ])
      .execute();
    const doc = (objectId: string, fieldId: string, value: string, source: string) => ({
      repo_id: 'r',
      object_id: objectId,
      field_id: fieldId,
      value,
      source,
      written_at_commit: 'c1',
      code_hash_at_write: `h-${objectId}`,
    });
    await old
      .insertInto('docs')
      .values([
        doc('authored', 'summary', 'Does a thing.', 'generated'),
        doc('authored2', 'notes', '- Defined in `a.ts`.', 'generated'),
        doc('edited', 'summary', 'Mine.', 'edited'),
        doc('generated', 'description', 'Calls `x`.', 'generated'),
        doc('generated', 'summary', '', 'generated'),
      ])
      .execute();
    for (const day of ['2026-11-01', '2026-11-02']) {
      await old
        .insertInto('coverage_snapshots')
        .values({
          repo_id: 'r',
          day,
          user_id: 'u',
          commit_id: 'c1',
          objects: 4,
          documented: 4,
          stale: 0,
          docs_revision: 3,
        })
        .execute();
    }
    await migrateToLatest(handle.db, handle.dialect);
  });

  afterAll(async () => {
    await handle?.destroy();
    await testDb?.cleanup();
  });

  it("marks objects whose stored comment has text as having the author's summary", async () => {
    const rows = await handle.db
      .selectFrom('code_objects')
      .select(['id', 'author_summary'])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.id, Number(r.author_summary)])).toEqual([
      ['authored', 1],
      ['authored2', 1],
      ['edited', 0],
      ['generated', 0],
      ['gone', 1],
    ]);
  });

  it('gives empty generated fields the source `empty` and leaves the rest as written', async () => {
    const rows = await handle.db
      .selectFrom('docs')
      .select(['object_id', 'field_id', 'source', 'accepted_at'])
      .orderBy('object_id')
      .orderBy('field_id')
      .execute();
    expect(rows.map((r) => [r.object_id, r.field_id, r.source, r.accepted_at])).toEqual([
      ['authored', 'summary', 'generated', null],
      ['authored2', 'notes', 'generated', null],
      ['edited', 'summary', 'edited', null],
      ['generated', 'description', 'generated', null],
      ['generated', 'summary', 'empty', null],
    ]);
  });

  it('counts the latest snapshot again by the new rule and marks older days as counted by the old one', async () => {
    const rows = await handle.db
      .selectFrom('coverage_snapshots')
      .select(['day', 'objects', 'documented', 'generated', 'stale', 'rule'])
      .orderBy('day')
      .execute();
    expect(
      rows.map((r) => ({
        ...r,
        objects: Number(r.objects),
        documented: Number(r.documented),
        generated: r.generated === null ? null : Number(r.generated),
        stale: Number(r.stale),
        rule: Number(r.rule),
      })),
    ).toEqual([
      { day: '2026-11-01', objects: 4, documented: 4, generated: null, stale: 0, rule: 0 },
      { day: '2026-11-02', objects: 4, documented: 3, generated: 1, stale: 0, rule: 1 },
    ]);
  });
});
