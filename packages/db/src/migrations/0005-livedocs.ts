import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect';
import { columnTypes, nowColumn } from './column-types';

type Db = Kysely<unknown>;

/**
 * Live documentation (issue 6). What the engine read is stored content-addressed: one
 * `file_indexes` row per (repo, blob, path) holds that file's gzipped engine model, so a commit
 * that changes one file adds one row and any listed commit's objects are its files' rows. A
 * `repo_indexes` row marks a commit indexed and holds its gzipped cross-file references.
 * `code_objects` becomes the registry of every object ever seen (its id never changes meaning,
 * docs and compilations point at it) with `present` marking those at the repo's current commit.
 * This replaces `object_versions` (a copy of every object per commit), which grew with the repo
 * instead of with the change. `doc_revisions` keeps each field's history; `generation_usage`
 * counts generated objects per user and month for the plan quota.
 */
export function livedocs(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  const binary = dialect === 'postgres' ? 'bytea' : 'blob';
  const byteOrderText = dialect === 'postgres' ? sql`text collate "C"` : 'text';
  return {
    async up(db: Db) {
      await db.schema.dropTable('object_versions').execute();
      await db.schema
        .createTable('file_indexes')
        .addColumn('repo_id', 'text', (c) => c.notNull().references('repos.id').onDelete('cascade'))
        .addColumn('blob_sha', 'text', (c) => c.notNull())
        .addColumn('path', byteOrderText, (c) => c.notNull())
        .addColumn('schema_version', 'integer', (c) => c.notNull())
        .addColumn('language', 'text')
        .addColumn('object_count', 'integer', (c) => c.notNull())
        .addColumn('data', binary, (c) => c.notNull())
        .addColumn('created_at', t.timestamp, nowColumn(t))
        .addPrimaryKeyConstraint('file_indexes_pkey', ['repo_id', 'blob_sha', 'path'])
        .execute();
      await db.schema
        .createTable('repo_indexes')
        .addColumn('repo_id', 'text', (c) => c.notNull().references('repos.id').onDelete('cascade'))
        .addColumn('commit_id', 'text', (c) => c.notNull())
        .addColumn('schema_version', 'integer', (c) => c.notNull())
        .addColumn('file_count', 'integer', (c) => c.notNull())
        .addColumn('object_count', 'integer', (c) => c.notNull())
        .addColumn('references_data', binary, (c) => c.notNull())
        .addColumn('indexed_at', t.timestamp, nowColumn(t))
        .addPrimaryKeyConstraint('repo_indexes_pkey', ['repo_id', 'commit_id'])
        .execute();
      await db.schema.alterTable('code_objects').addColumn('file_id', 'text').execute();
      await db.schema
        .alterTable('code_objects')
        .addColumn('present', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex('code_objects_repo_id_present_file_path')
        .on('code_objects')
        .columns(['repo_id', 'present', 'file_path'])
        .execute();
      await db.schema
        .createTable('doc_revisions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('object_id', 'text', (c) =>
          c.notNull().references('code_objects.id').onDelete('cascade'),
        )
        .addColumn('field_id', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('written_at_commit', 'text')
        .addColumn('code_hash_at_write', 'text')
        .addColumn('created_at', t.timestamp, nowColumn(t))
        .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
        .execute();
      await db.schema
        .createIndex('doc_revisions_object_id_field_id_version')
        .on('doc_revisions')
        .columns(['object_id', 'field_id', 'version'])
        .execute();
      await db.schema
        .createTable('generation_usage')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('month', 'text', (c) => c.notNull())
        .addColumn('objects', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('generation_usage_pkey', ['user_id', 'month'])
        .execute();
    },
    async down(db: Db) {
      await db.schema.dropTable('generation_usage').execute();
      await db.schema.dropTable('doc_revisions').execute();
      await db.schema.dropIndex('code_objects_repo_id_present_file_path').execute();
      await db.schema.alterTable('code_objects').dropColumn('present').execute();
      await db.schema.alterTable('code_objects').dropColumn('file_id').execute();
      await db.schema.dropTable('repo_indexes').execute();
      await db.schema.dropTable('file_indexes').execute();
      await db.schema
        .createTable('object_versions')
        .addColumn('object_id', 'text', (c) =>
          c.notNull().references('code_objects.id').onDelete('cascade'),
        )
        .addColumn('repo_id', 'text', (c) => c.notNull().references('repos.id').onDelete('cascade'))
        .addColumn('commit_id', 'text', (c) => c.notNull())
        .addColumn('file_path', 'text', (c) => c.notNull())
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('line_start', 'integer', (c) => c.notNull())
        .addColumn('line_end', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('object_versions_pkey', ['object_id', 'commit_id'])
        .execute();
      await db.schema
        .createIndex('object_versions_repo_id_commit_id_file_path')
        .on('object_versions')
        .columns(['repo_id', 'commit_id', 'file_path'])
        .execute();
    },
  };
}
