import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusOf } from '../services/livedocs/doc-status';
import { createTestApp, testDialects, type TestApp } from '../test/test-app';
import { objectStatusSql } from './doc-status-sql';
import { docStatesOfRepo } from './docs-repository';

const dialects = await testDialects();

/** One field of a case: its text, source, the code it was written for, and whether accepted. */
interface FieldCase {
  field: string;
  value: string;
  source: string;
  hash: 'current' | 'old' | null;
  accepted?: boolean;
}

/** Every shape the rule tells apart, with the status it must give. */
const CASES: { name: string; author: boolean; fields: FieldCase[]; expected: string }[] = [
  { name: 'nothing', author: false, fields: [], expected: 'undocumented' },
  { name: 'author only', author: true, fields: [], expected: 'documented' },
  {
    name: 'empty fields only',
    author: false,
    fields: [{ field: 'summary', value: '', source: 'empty', hash: 'current' }],
    expected: 'undocumented',
  },
  {
    name: 'generated summary',
    author: false,
    fields: [{ field: 'summary', value: 'S.', source: 'generated', hash: 'current' }],
    expected: 'generated',
  },
  {
    name: 'generated description only',
    author: false,
    fields: [{ field: 'description', value: 'D.', source: 'generated', hash: 'current' }],
    expected: 'generated',
  },
  {
    name: 'accepted generated summary',
    author: false,
    fields: [
      { field: 'summary', value: 'S.', source: 'generated', hash: 'current', accepted: true },
    ],
    expected: 'documented',
  },
  {
    name: 'accepted model summary',
    author: false,
    fields: [{ field: 'summary', value: 'S.', source: 'model', hash: 'current', accepted: true }],
    expected: 'documented',
  },
  {
    name: 'accepted description, summary not',
    author: false,
    fields: [
      { field: 'summary', value: 'S.', source: 'generated', hash: 'current' },
      { field: 'throws', value: 'T.', source: 'generated', hash: 'current', accepted: true },
    ],
    expected: 'generated',
  },
  {
    name: 'edited summary',
    author: false,
    fields: [{ field: 'summary', value: 'Mine.', source: 'edited', hash: 'current' }],
    expected: 'documented',
  },
  {
    name: 'edited empty summary',
    author: false,
    fields: [{ field: 'summary', value: '', source: 'edited', hash: 'current' }],
    expected: 'undocumented',
  },
  {
    name: 'author summary row',
    author: false,
    fields: [{ field: 'summary', value: 'A.', source: 'author', hash: 'current' }],
    expected: 'documented',
  },
  {
    name: 'imported summary row',
    author: false,
    fields: [{ field: 'summary', value: 'A.', source: 'imported', hash: 'current' }],
    expected: 'documented',
  },
  {
    name: 'edited summary for older code',
    author: false,
    fields: [{ field: 'summary', value: 'Mine.', source: 'edited', hash: 'old' }],
    expected: 'stale',
  },
  {
    name: 'author doc, one generated field for older code',
    author: true,
    fields: [{ field: 'example', value: 'x()', source: 'generated', hash: 'old' }],
    expected: 'stale',
  },
  {
    name: 'a field with no code hash',
    author: true,
    fields: [{ field: 'notes', value: 'N.', source: 'generated', hash: null }],
    expected: 'stale',
  },
  {
    name: 'an empty field for older code',
    author: false,
    fields: [
      { field: 'summary', value: 'S.', source: 'edited', hash: 'current' },
      { field: 'notes', value: '', source: 'empty', hash: 'old' },
    ],
    expected: 'documented',
  },
];

/**
 * The coverage rule is stated twice, in TypeScript (`statusOf`, for objects read from stored
 * models) and in SQL (`objectStatusSql`, for counts and filters in the database); on every shape
 * the two must agree, and agree with what the rule says.
 */
describe.each(dialects)('the documentation-status rule in SQL and TypeScript on %s', (dialect) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, { logLevel: 'error' });
    const { db } = testApp.app;
    await db.insertInto('users').values({ id: 'u', email: 'u@example.com' }).execute();
    await db
      .insertInto('repos')
      .values({
        id: 'r',
        user_id: 'u',
        url: 'https://example.com/r.git',
        name: 'r',
        method: 'https',
        status: 'connected',
      })
      .execute();
    for (const [i, shape] of CASES.entries()) {
      const id = `o${i}`;
      await db
        .insertInto('code_objects')
        .values({
          id,
          repo_id: 'r',
          file_path: 'a.ts',
          name: id,
          qualified_name: id,
          kind: 'function',
          language: 'typescript',
          signature: `${id}()`,
          line_start: 1,
          line_end: 1,
          code_hash: `h-${id}`,
          doc_comment: shape.author ? '/** Documented. */' : null,
          author_summary: shape.author ? 1 : 0,
          present: 1,
        })
        .execute();
      for (const field of shape.fields) {
        await db
          .insertInto('docs')
          .values({
            repo_id: 'r',
            object_id: id,
            field_id: field.field,
            value: field.value,
            source: field.source,
            code_hash_at_write:
              field.hash === null ? null : field.hash === 'current' ? `h-${id}` : 'h-older',
            accepted_at: field.accepted ? new Date().toISOString() : null,
            accepted_by: field.accepted ? 'u' : null,
          })
          .execute();
      }
    }
  });

  afterAll(async () => {
    await testApp?.close();
  });

  it('gives every shape its status, the same in both', async () => {
    const { db } = testApp.app;
    const fromSql = new Map(
      (
        await db
          .selectFrom('code_objects')
          .select(['id', objectStatusSql('code_objects').as('status')])
          .where('repo_id', '=', 'r')
          .execute()
      ).map((row) => [row.id, row.status]),
    );
    const states = new Map((await docStatesOfRepo(db, 'r')).map((s) => [s.object_id, s]));
    for (const [i, shape] of CASES.entries()) {
      const id = `o${i}`;
      expect(statusOf(`h-${id}`, states.get(id), shape.author), shape.name).toBe(shape.expected);
      expect(fromSql.get(id), shape.name).toBe(shape.expected);
    }
  });
});
