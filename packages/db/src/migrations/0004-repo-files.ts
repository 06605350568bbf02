import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect';
import { columnTypes, nowColumn } from './column-types';

type Db = Kysely<unknown>;

/**
 * Repositories (issue 4). `files` becomes one row per path per listed commit, keyed by
 * (repo_id, commit_id, path) so a page is one index range scan; `file_id` is stable across commits
 * for the same path (a hash of repo and path), unique within a commit. `repo_commits` records the
 * commits whose listing is complete (written in the same transaction as their files), so a listing
 * cut short by a crash is never shown. Repos gain the ssh host key fingerprint recorded on first
 * connection, unique per user and URL. `files` held no data before this migration (nothing wrote it).
 */
export function repoFiles(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Db) {
      await db.schema.dropTable('files').execute();
      await db.schema
        .createTable('files')
        .addColumn('repo_id', 'text', (c) => c.notNull().references('repos.id').onDelete('cascade'))
        .addColumn('commit_id', 'text', (c) => c.notNull())
        // Byte order, the order `git ls-tree` lists paths in, so a page is one index range scan:
        // SQLite's default BINARY collation is that already; PostgreSQL's default follows the locale.
        .addColumn('path', dialect === 'postgres' ? sql`text collate "C"` : 'text', (c) =>
          c.notNull(),
        )
        .addColumn('file_id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('extension', 'text', (c) => c.notNull())
        .addColumn('language', 'text')
        .addColumn('size', 'bigint', (c) => c.notNull())
        .addColumn('blob_sha', 'text', (c) => c.notNull())
        .addColumn('mode', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('files_pkey', ['repo_id', 'commit_id', 'path'])
        .execute();
      await db.schema
        .createIndex('files_repo_id_commit_id_file_id')
        .on('files')
        .columns(['repo_id', 'commit_id', 'file_id'])
        .unique()
        .execute();
      await db.schema
        .createIndex('files_repo_id_commit_id_extension_path')
        .on('files')
        .columns(['repo_id', 'commit_id', 'extension', 'path'])
        .execute();
      await db.schema
        .createTable('repo_commits')
        .addColumn('repo_id', 'text', (c) => c.notNull().references('repos.id').onDelete('cascade'))
        .addColumn('commit_id', 'text', (c) => c.notNull())
        .addColumn('file_count', 'integer', (c) => c.notNull())
        .addColumn('listed_at', t.timestamp, nowColumn(t))
        .addPrimaryKeyConstraint('repo_commits_pkey', ['repo_id', 'commit_id'])
        .execute();
      await db.schema.alterTable('repos').addColumn('host_key_fingerprint', 'text').execute();
      await db.schema
        .createIndex('repos_user_id_url')
        .on('repos')
        .columns(['user_id', 'url'])
        .execute();
    },
    async down(db: Db) {
      await db.schema.dropIndex('repos_user_id_url').execute();
      await db.schema.alterTable('repos').dropColumn('host_key_fingerprint').execute();
      await db.schema.dropTable('repo_commits').execute();
      await db.schema.dropTable('files').execute();
      await db.schema
        .createTable('files')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('repo_id', 'text', (c) => c.notNull().references('repos.id').onDelete('cascade'))
        .addColumn('commit_id', 'text', (c) => c.notNull())
        .addColumn('path', 'text', (c) => c.notNull())
        .addColumn('language', 'text')
        .addColumn('size', 'bigint', (c) => c.notNull())
        .addColumn('blob_sha', 'text', (c) => c.notNull())
        .addUniqueConstraint('files_repo_id_commit_id_path', ['repo_id', 'commit_id', 'path'])
        .execute();
    },
  };
}
