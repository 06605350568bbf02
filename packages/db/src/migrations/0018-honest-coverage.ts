import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect';
import { columnTypes } from './column-types';

type Db = Kysely<unknown>;

/**
 * Honest coverage (DESIGN.md section 10, "Field provenance"). Until now an object counted as
 * documented when any of its fields had text, so "Generate all" made every repository 100%
 * documented. Now an object is documented only with a summary a reader can use: the author's
 * doc comment, a person's edit, or a generated summary a person accepted.
 *
 * - `docs.accepted_at` / `accepted_by`: who accepted a generated field as it is, and when.
 * - `code_objects.author_summary`: whether the object's own doc comment has a summary, so an
 *   object the author documented counts before anything is generated. Set by indexing from the
 *   engine's reading; here it is filled from the stored comment (a comment with text), which the
 *   next index of the repository corrects (the engine's schema version changes with this release).
 * - Empty generated fields get the source `empty`.
 * - `coverage_snapshots.generated` and `rule`: snapshots taken from now on (`rule` 1) count
 *   documented, generated only, stale and undocumented apart. Older days (`rule` 0) counted any
 *   filled field; their documented figure is not shown again, and each repository's latest
 *   snapshot is counted again under the new rule here.
 */
export function honestCoverage(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Db) {
      await db.schema.alterTable('docs').addColumn('accepted_at', t.timestamp).execute();
      await db.schema.alterTable('docs').addColumn('accepted_by', 'text').execute();
      await db.schema
        .alterTable('code_objects')
        .addColumn('author_summary', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await sql`update code_objects set author_summary = 1
        where doc_comment is not null and trim(doc_comment) <> ''`.execute(db);
      await sql`update docs set source = 'empty' where value = '' and source = 'generated'`.execute(
        db,
      );
      await db.schema.alterTable('coverage_snapshots').addColumn('generated', 'integer').execute();
      await db.schema
        .alterTable('coverage_snapshots')
        .addColumn('rule', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await recountLatestSnapshots(db);
    },
    async down(db: Db) {
      await db.schema.alterTable('coverage_snapshots').dropColumn('rule').execute();
      await db.schema.alterTable('coverage_snapshots').dropColumn('generated').execute();
      await db.schema.alterTable('code_objects').dropColumn('author_summary').execute();
      await db.schema.alterTable('docs').dropColumn('accepted_by').execute();
      await db.schema.alterTable('docs').dropColumn('accepted_at').execute();
    },
  };
}

/**
 * Counts each repository's present objects under the new rule into its latest snapshot. The rule
 * is written out here as it stands at this migration (a migration never changes afterwards);
 * the server's own statement of it is `repositories/doc-status-sql.ts`.
 */
async function recountLatestSnapshots(db: Db): Promise<void> {
  const staleDocs = sql`exists (select 1 from docs d where d.repo_id = o.repo_id
    and d.object_id = o.id and d.value <> ''
    and (d.code_hash_at_write is null or d.code_hash_at_write <> o.code_hash))`;
  const usableSummary = sql`(o.author_summary = 1 or exists (select 1 from docs d
    where d.repo_id = o.repo_id and d.object_id = o.id and d.field_id = 'summary'
    and d.value <> '' and (d.source in ('author', 'edited', 'imported')
    or d.accepted_at is not null)))`;
  const anyText = sql`exists (select 1 from docs d where d.repo_id = o.repo_id
    and d.object_id = o.id and d.value <> '')`;
  const status = sql`case when ${staleDocs} then 'stale' when ${usableSummary} then 'documented'
    when ${anyText} then 'generated' else 'undocumented' end`;
  await sql`update coverage_snapshots set
      objects = (select count(*) from code_objects o
        where o.repo_id = coverage_snapshots.repo_id and o.present = 1),
      documented = (select count(*) from code_objects o
        where o.repo_id = coverage_snapshots.repo_id and o.present = 1
        and ${status} = 'documented'),
      generated = (select count(*) from code_objects o
        where o.repo_id = coverage_snapshots.repo_id and o.present = 1
        and ${status} = 'generated'),
      stale = (select count(*) from code_objects o
        where o.repo_id = coverage_snapshots.repo_id and o.present = 1 and ${staleDocs}),
      rule = 1
    where day = (select max(latest.day) from coverage_snapshots latest
      where latest.repo_id = coverage_snapshots.repo_id)`.execute(db);
}
