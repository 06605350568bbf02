import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect';
import { columnTypes } from './column-types';

type Db = Kysely<unknown>;

/**
 * Fair and idempotent jobs (issue 24.4). `started_at` records when a job's latest attempt was
 * claimed, so a worker can serve the user served least recently first (indexed per user: the
 * claim reads each waiting user's latest start). `singleton_key` names work of which at most one
 * job may be pending (a repository's generation): a partial unique index over queued and
 * running jobs refuses a second one in any process, and a finished job frees the key.
 */
export function jobFairness(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Db) {
      await db.schema.alterTable('jobs').addColumn('started_at', t.timestamp).execute();
      await db.schema.alterTable('jobs').addColumn('singleton_key', 'text').execute();
      await db.schema
        .createIndex('jobs_user_id_started_at')
        .on('jobs')
        .columns(['user_id', 'started_at'])
        .execute();
      await db.schema
        .createIndex('jobs_singleton_key_pending')
        .on('jobs')
        .column('singleton_key')
        .unique()
        .where(sql<boolean>`status in ('queued', 'running')`)
        .execute();
    },
    async down(db: Db) {
      await db.schema.dropIndex('jobs_singleton_key_pending').execute();
      await db.schema.dropIndex('jobs_user_id_started_at').execute();
      await db.schema.alterTable('jobs').dropColumn('singleton_key').execute();
      await db.schema.alterTable('jobs').dropColumn('started_at').execute();
    },
  };
}
