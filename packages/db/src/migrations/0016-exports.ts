import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect';
import { columnTypes, nowColumn } from './column-types';

type Db = Kysely<unknown>;

/**
 * Exports beyond sites (issue 22): each Markdown, JSON or patch export of a compilation or a
 * repository, newest first per owner (the export history). Its files live in the site store
 * under `DATA_DIR/exports` (`build_id`, as a folder's site); `pins` (JSON) are the commits it
 * documents, `summary` (JSON) what a patch wrote and left out.
 */
export function exportsTable(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Db) {
      await db.schema
        .createTable('exports')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('owner_id', 'text', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('compilation_id', 'text', (c) =>
          c.references('compilations.id').onDelete('set null'),
        )
        .addColumn('repo_id', 'text', (c) => c.references('repos.id').onDelete('set null'))
        .addColumn('options', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('error', 'text')
        .addColumn('task_id', 'text')
        .addColumn('build_id', 'text')
        .addColumn('file_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('size', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('pins', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('summary', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('created_at', t.timestamp, nowColumn(t))
        .addColumn('updated_at', t.timestamp, nowColumn(t))
        .execute();
      await db.schema
        .createIndex('exports_owner_id_created_at')
        .on('exports')
        .columns(['owner_id', 'created_at', 'id'])
        .execute();
    },
    async down(db: Db) {
      await db.schema.dropTable('exports').execute();
    },
  };
}
