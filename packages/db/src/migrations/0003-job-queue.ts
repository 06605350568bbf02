import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect';
import { columnTypes } from './column-types';

type Db = Kysely<unknown>;

/**
 * Background jobs (issue 4): `finished_at` lets maintenance prune old finished tasks, and an index
 * on (status, heartbeat_at) keeps the reaper's scan for running jobs with a stale heartbeat cheap.
 */
export function jobQueue(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Db) {
      await db.schema.alterTable('jobs').addColumn('finished_at', t.timestamp).execute();
      await db.schema
        .createIndex('jobs_status_heartbeat_at')
        .on('jobs')
        .columns(['status', 'heartbeat_at'])
        .execute();
    },
    async down(db: Db) {
      await db.schema.dropIndex('jobs_status_heartbeat_at').execute();
      await db.schema.alterTable('jobs').dropColumn('finished_at').execute();
    },
  };
}
