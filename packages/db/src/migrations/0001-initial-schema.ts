import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect';
import { columnTypes, nowColumn } from './column-types';
import type { ColumnTypes } from './column-types';

/*
 * Migrations take Kysely<unknown>: they describe the schema as it was when they were written, not
 * the current `Database` interface.
 */
type Db = Kysely<unknown>;

async function createAccountTables(db: Db, t: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('password_hash', 'text')
    .addColumn('email_verified_at', t.timestamp)
    .addColumn('login_method', 'text', (c) => c.notNull().defaultTo('password'))
    .addColumn('created_at', t.timestamp, nowColumn(t))
    .addColumn('updated_at', t.timestamp, nowColumn(t))
    .addCheckConstraint('users_email_lower_case', sql`email = lower(email)`)
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('user_agent', 'text')
    .addColumn('ip', 'text')
    .addColumn('created_at', t.timestamp, nowColumn(t))
    .addColumn('last_seen_at', t.timestamp, nowColumn(t))
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .addColumn('revoked_at', t.timestamp)
    .execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('auth_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .addColumn('used_at', t.timestamp)
    .addColumn('created_at', t.timestamp, nowColumn(t))
    .execute();
  await db.schema
    .createIndex('auth_tokens_user_id_kind')
    .on('auth_tokens')
    .columns(['user_id', 'kind'])
    .execute();

  await db.schema
    .createTable('oauth_accounts')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', t.timestamp, nowColumn(t))
    .addPrimaryKeyConstraint('oauth_accounts_pkey', ['provider', 'subject'])
    .execute();
  await db.schema
    .createIndex('oauth_accounts_user_id')
    .on('oauth_accounts')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('ssh_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('algorithm', 'text', (c) => c.notNull())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('private_key_enc', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, nowColumn(t))
    .addUniqueConstraint('ssh_keys_user_id_name', ['user_id', 'name'])
    .execute();
}

async function createCodeTables(db: Db, t: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('repos')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('ssh_key_name', 'text')
    .addColumn('default_branch', 'text')
    .addColumn('branch', 'text')
    .addColumn('head_commit', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('last_synced_at', t.timestamp)
    .addColumn('created_at', t.timestamp, nowColumn(t))
    .addColumn('updated_at', t.timestamp, nowColumn(t))
    .execute();
  await db.schema.createIndex('repos_user_id').on('repos').column('user_id').execute();

  await db.schema
    .createTable('files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('repo_id', 'text', (c) => c.notNull().references('repos.id').onDelete('cascade'))
    .addColumn('commit_id', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('language', 'text')
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('blob_sha', 'text', (c) => c.notNull())
    // Also the index that pages a commit's listing in path order.
    .addUniqueConstraint('files_repo_id_commit_id_path', ['repo_id', 'commit_id', 'path'])
    .execute();

  await db.schema
    .createTable('code_objects')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('repo_id', 'text', (c) => c.notNull().references('repos.id').onDelete('cascade'))
    .addColumn('file_path', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('qualified_name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('signature', 'text', (c) => c.notNull())
    .addColumn('line_start', 'integer', (c) => c.notNull())
    .addColumn('line_end', 'integer', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('doc_comment', 'text')
    // No foreign key: objects of a file are written in one batch in any order.
    .addColumn('parent_id', 'text')
    .addColumn('created_at', t.timestamp, nowColumn(t))
    .addColumn('updated_at', t.timestamp, nowColumn(t))
    .execute();
  await db.schema
    .createIndex('code_objects_repo_id_file_path')
    .on('code_objects')
    .columns(['repo_id', 'file_path'])
    .execute();

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

  await db.schema
    .createTable('docs')
    .addColumn('object_id', 'text', (c) =>
      c.notNull().references('code_objects.id').onDelete('cascade'),
    )
    .addColumn('field_id', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('written_at_commit', 'text')
    .addColumn('code_hash_at_write', 'text')
    .addColumn('updated_at', t.timestamp, nowColumn(t))
    .addColumn('updated_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addPrimaryKeyConstraint('docs_pkey', ['object_id', 'field_id'])
    .execute();
}

async function createPublishingTables(db: Db, t: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('compilations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, nowColumn(t))
    .addColumn('updated_at', t.timestamp, nowColumn(t))
    .execute();
  await db.schema
    .createIndex('compilations_user_id')
    .on('compilations')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('compilation_objects')
    .addColumn('compilation_id', 'text', (c) =>
      c.notNull().references('compilations.id').onDelete('cascade'),
    )
    .addColumn('object_id', 'text', (c) =>
      c.notNull().references('code_objects.id').onDelete('cascade'),
    )
    .addColumn('added_at', t.timestamp, nowColumn(t))
    .addPrimaryKeyConstraint('compilation_objects_pkey', ['compilation_id', 'object_id'])
    .execute();
  await db.schema
    .createIndex('compilation_objects_object_id')
    .on('compilation_objects')
    .column('object_id')
    .execute();

  await db.schema
    .createTable('folders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('compilation_id', 'text', (c) =>
      c.references('compilations.id').onDelete('set null'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('file_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('size', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', t.timestamp, nowColumn(t))
    .addColumn('updated_at', t.timestamp, nowColumn(t))
    .execute();
  await db.schema
    .createIndex('folders_owner_id_created_at')
    .on('folders')
    .columns(['owner_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('folder_files')
    .addColumn('folder_id', 'text', (c) => c.notNull().references('folders.id').onDelete('cascade'))
    .addColumn('file_id', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('folder_files_pkey', ['folder_id', 'file_id'])
    .addUniqueConstraint('folder_files_folder_id_path', ['folder_id', 'path'])
    .execute();

  await db.schema
    .createTable('shares')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('folder_id', 'text', (c) => c.notNull().references('folders.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.unique())
    .addColumn('permission', 'text', (c) => c.notNull())
    .addColumn('expires_at', t.timestamp)
    .addColumn('email', 'text')
    .addColumn('created_by', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', t.timestamp, nowColumn(t))
    .addColumn('revoked_at', t.timestamp)
    .execute();
  await db.schema.createIndex('shares_folder_id').on('shares').column('folder_id').execute();

  await db.schema
    .createTable('folder_members')
    .addColumn('folder_id', 'text', (c) => c.notNull().references('folders.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('permission', 'text', (c) => c.notNull())
    .addColumn('via_share_id', 'text', (c) => c.references('shares.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, nowColumn(t))
    .addPrimaryKeyConstraint('folder_members_pkey', ['folder_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('folder_members_user_id_created_at')
    .on('folder_members')
    .columns(['user_id', 'created_at'])
    .execute();
}

async function createBillingTables(db: Db, t: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('plans')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('price_id', 'text', (c) => c.unique())
    .addColumn('amount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('usd'))
    .addColumn('quotas', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('archived_at', t.timestamp)
    .addColumn('created_at', t.timestamp, nowColumn(t))
    .execute();

  await db.schema
    .createTable('purchases')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('plan_id', 'text', (c) => c.notNull().references('plans.id'))
    .addColumn('price_id', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_ref', 'text')
    .addColumn('created_at', t.timestamp, nowColumn(t))
    .addColumn('updated_at', t.timestamp, nowColumn(t))
    .addUniqueConstraint('purchases_provider_provider_ref', ['provider', 'provider_ref'])
    .execute();
  await db.schema
    .createIndex('purchases_user_id_created_at')
    .on('purchases')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) =>
      c.notNull().unique().references('users.id').onDelete('cascade'),
    )
    .addColumn('plan_id', 'text', (c) => c.notNull().references('plans.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('current_period_end', t.timestamp)
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_ref', 'text')
    .addColumn('created_at', t.timestamp, nowColumn(t))
    .addColumn('updated_at', t.timestamp, nowColumn(t))
    .execute();
}

async function createActivityTables(db: Db, t: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('progress_done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('progress_total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('message', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull().defaultTo(3))
    .addColumn('run_after', t.timestamp, nowColumn(t))
    .addColumn('heartbeat_at', t.timestamp)
    .addColumn('locked_by', 'text')
    .addColumn('error', 'text')
    .addColumn('result', 'text')
    .addColumn('created_at', t.timestamp, nowColumn(t))
    .addColumn('updated_at', t.timestamp, nowColumn(t))
    .execute();
  await db.schema
    .createIndex('jobs_status_run_after')
    .on('jobs')
    .columns(['status', 'run_after'])
    .execute();
  await db.schema
    .createIndex('jobs_user_id_created_at')
    .on('jobs')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('subject', 'text')
    .addColumn('data', 'text')
    .addColumn('created_at', t.timestamp, nowColumn(t))
    .execute();
  await db.schema
    .createIndex('events_user_id_created_at')
    .on('events')
    .columns(['user_id', 'created_at'])
    .execute();
}

/** Tables in creation order; `down` drops them in reverse so foreign keys never dangle. */
const INITIAL_TABLES = [
  'users',
  'sessions',
  'auth_tokens',
  'oauth_accounts',
  'ssh_keys',
  'repos',
  'files',
  'code_objects',
  'object_versions',
  'docs',
  'compilations',
  'compilation_objects',
  'folders',
  'folder_files',
  'shares',
  'folder_members',
  'plans',
  'purchases',
  'subscriptions',
  'jobs',
  'events',
] as const;

/** The first schema: every table of DESIGN.md section 4. */
export function initialSchema(dialect: Dialect): Migration {
  const types = columnTypes(dialect);
  return {
    async up(db: Db) {
      await createAccountTables(db, types);
      await createCodeTables(db, types);
      await createPublishingTables(db, types);
      await createBillingTables(db, types);
      await createActivityTables(db, types);
    },
    async down(db: Db) {
      for (const table of [...INITIAL_TABLES].reverse()) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
