import { createDatabase, migrateToLatest } from '@codedocs/db';
import type { DatabaseHandle } from '@codedocs/db';
import { createTestDatabase, testDialects } from '@codedocs/db/testing';
import type { TestDatabase } from '@codedocs/db/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchObjects, searchQuery } from './object-search-repository';
import type { ObjectSearch } from './object-search-repository';

const dialects = await testDialects();
/** Enough rows that PostgreSQL's planner prefers the indexes to a scan, as on real data. */
const OBJECTS = 20_000;

describe.each(dialects)('the object search on %s', (dialect) => {
  let testDb: TestDatabase;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    testDb = await createTestDatabase(dialect);
    handle = createDatabase(testDb);
    await migrateToLatest(handle.db, handle.dialect);
    await handle.db.insertInto('users').values({ id: 'u1', email: 'u1@example.com' }).execute();
    await handle.db
      .insertInto('repos')
      .values({
        id: 'r1',
        user_id: 'u1',
        url: 'https://example.com/r.git',
        name: 'r',
        method: 'https',
        status: 'connected',
      })
      .execute();
    const rows = Array.from({ length: OBJECTS }, (_, i) => ({
      id: `o${i}`,
      repo_id: 'r1',
      file_path: `src/mod_${i % 40}.py`,
      name: i === 7 ? 'ParseReport' : `handler_${i}`,
      qualified_name: i === 7 ? 'reports.ParseReport' : `mod_${i % 40}.handler_${i}`,
      kind: 'function',
      language: 'python',
      signature: '',
      line_start: 1,
      line_end: 2,
      code_hash: `h${i}`,
      doc_comment: null,
      parent_id: null,
      present: 1,
    }));
    for (let i = 0; i < rows.length; i += 500) {
      await handle.db
        .insertInto('code_objects')
        .values(rows.slice(i, i + 500))
        .execute();
    }
    if (dialect === 'postgres') await sql`analyze code_objects`.execute(handle.db);
  });

  afterAll(async () => {
    await handle?.destroy();
    await testDb?.cleanup();
  });

  const find = async (text: string) =>
    (await searchObjects(handle.db, dialect, { userId: 'u1', text, limit: 10 })).map(
      (row) => row.name,
    );

  /** The plan the database chooses for a search, as one string. */
  async function plan(search: ObjectSearch): Promise<string> {
    const { db } = handle;
    const compiled = searchQuery(db, dialect, search).compile();
    const explain = dialect === 'postgres' ? 'explain' : 'explain query plan';
    const result = await db.executeQuery<Record<string, unknown>>({
      ...compiled,
      sql: `${explain} ${compiled.sql}`,
    });
    return result.rows.map((row) => Object.values(row).join(' ')).join('\n');
  }

  it('finds a substring of three characters or more anywhere, any case', async () => {
    expect(await find('rsere')).toEqual(['ParseReport']);
    expect(await find('reports.p')).toEqual(['ParseReport']);
    expect(await find('ler_2999')).toEqual(['handler_2999']);
  });

  it('keeps the index in step when names change and objects go', async () => {
    await handle.db
      .updateTable('code_objects')
      .set({ name: 'render_page', qualified_name: 'mod_1.render_page' })
      .where('id', '=', 'o1')
      .execute();
    expect(await find('render_pa')).toEqual(['render_page']);
    expect(await find('handler_1')).not.toContain('handler_1');
    await handle.db.deleteFrom('code_objects').where('id', '=', 'o1').execute();
    expect(await find('render_pa')).toEqual([]);
  });

  it('reads the names through an index, not a scan of every object', async () => {
    if (dialect === 'postgres') {
      // PostgreSQL prices plans from statistics: on a table this small a scan of the user's rows
      // is cheaper and chosen (bench:pockets shows the trigram indexes chosen on 100,000
      // objects); here the indexes the search is written for must exist
      const indexes = await sql<{
        indexname: string;
      }>`select indexname from pg_indexes where tablename = 'code_objects'`.execute(handle.db);
      expect(indexes.rows.map((row) => row.indexname)).toEqual(
        expect.arrayContaining([
          'code_objects_name_trgm',
          'code_objects_qualified_name_trgm',
          'code_objects_lower_name',
          'code_objects_qualified_name',
        ]),
      );
    } else {
      const substring = await plan({ userId: 'u1', text: 'rsere', limit: 10 });
      expect(substring).toMatch(/SCAN code_object_names VIRTUAL TABLE INDEX/);
      expect(substring).toMatch(/SEARCH code_objects USING INTEGER PRIMARY KEY/);
      expect(await plan({ userId: 'u1', text: 'pa', limit: 10 })).toMatch(
        /SEARCH code_objects USING INDEX code_objects_lower_name/,
      );
      // no text: the name order is walked, not every row sorted
      expect(await plan({ userId: 'u1', limit: 10 })).toMatch(
        /SCAN code_objects USING INDEX code_objects_qualified_name/,
      );
    }
  });
});
