import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect';
import { columnTypes, nowColumn } from './column-types';

type Db = Kysely<unknown>;

/**
 * Repository overviews (issue 21). `repo_overviews` holds the facts the engine computed for a
 * repository at one commit (JSON), made again when the repository's head is indexed at another
 * commit or by another engine. `overview_sections` holds only what people wrote: a section's
 * text, the commit it was written at and the hash of the generated text it replaced, so a later
 * commit whose facts say something else flags it stale; regeneration never touches these rows.
 */
export function repoOverviews(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Db) {
      await db.schema
        .createTable('repo_overviews')
        .addColumn('repo_id', 'text', (c) =>
          c.primaryKey().references('repos.id').onDelete('cascade'),
        )
        .addColumn('commit_id', 'text', (c) => c.notNull())
        .addColumn('schema_version', 'integer', (c) => c.notNull())
        .addColumn('facts', 'text', (c) => c.notNull())
        .addColumn('generated_at', t.timestamp, nowColumn(t))
        .execute();
      await db.schema
        .createTable('overview_sections')
        .addColumn('repo_id', 'text', (c) => c.notNull().references('repos.id').onDelete('cascade'))
        .addColumn('section_id', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('written_at_commit', 'text', (c) => c.notNull())
        .addColumn('generated_hash_at_write', 'text', (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, nowColumn(t))
        .addColumn('updated_by', 'text', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addPrimaryKeyConstraint('overview_sections_pkey', ['repo_id', 'section_id'])
        .execute();
    },
    async down(db: Db) {
      await db.schema.dropTable('overview_sections').execute();
      await db.schema.dropTable('repo_overviews').execute();
    },
  };
}
