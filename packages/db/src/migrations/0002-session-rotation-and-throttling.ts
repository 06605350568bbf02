import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect';
import { columnTypes, nowColumn } from './column-types';

type Db = Kysely<unknown>;

/**
 * Accounts (issue 3): the session row remembers which token id is current (refresh rotates it;
 * the previous one stays valid for a short grace so concurrent tabs do not log each other out),
 * and `throttle_events` records failed logins and mail requests so throttling holds across
 * processes sharing one database.
 */
export function sessionRotationAndThrottling(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Db) {
      await db.schema.alterTable('sessions').addColumn('token_id', 'text').execute();
      await db.schema.alterTable('sessions').addColumn('previous_token_id', 'text').execute();
      await db.schema.alterTable('sessions').addColumn('rotated_at', t.timestamp).execute();

      await db.schema
        .createTable('throttle_events')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('created_at', t.timestamp, nowColumn(t))
        .execute();
      await db.schema
        .createIndex('throttle_events_key_created_at')
        .on('throttle_events')
        .columns(['key', 'created_at'])
        .execute();
    },
    async down(db: Db) {
      await db.schema.dropTable('throttle_events').execute();
      await db.schema.alterTable('sessions').dropColumn('rotated_at').execute();
      await db.schema.alterTable('sessions').dropColumn('previous_token_id').execute();
      await db.schema.alterTable('sessions').dropColumn('token_id').execute();
    },
  };
}
