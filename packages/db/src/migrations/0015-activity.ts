import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect';
import { columnTypes, nowColumn } from './column-types';

type Db = Kysely<unknown>;

/**
 * Activity metrics (issue 19). `events` (migration 0001, never written before) gains who did it
 * (`actor_id`), what it is counted under (`scope`: a repository, folder or compilation) and what
 * it counts for (`amount`: fields written by a generation, else 1), with indexes for the feed's
 * filters and for the retention purge. `activity_daily` holds the same events counted per UTC day,
 * written in the event's transaction, so a metrics range reads a few rows per day whatever the
 * number of events (SQLite keeps it as its key, WITHOUT ROWID). `coverage_snapshots` keeps each repository's object, documented and stale
 * counts as they were at the end of each day something changed them (index, generation, edit,
 * review).
 */
export function activity(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Db) {
      await db.schema.alterTable('events').addColumn('actor_id', 'text').execute();
      await db.schema.alterTable('events').addColumn('scope', 'text').execute();
      await db.schema
        .alterTable('events')
        .addColumn('amount', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema
        .createIndex('events_user_id_kind_created_at')
        .on('events')
        .columns(['user_id', 'kind', 'created_at'])
        .execute();
      await db.schema
        .createIndex('events_user_id_scope_created_at')
        .on('events')
        .columns(['user_id', 'scope', 'created_at'])
        .execute();
      await db.schema.createIndex('events_created_at').on('events').column('created_at').execute();

      // the key starts with the kind: a series reads one kind's days as one range of the key;
      // on SQLite the table is the key (WITHOUT ROWID), so that range holds the counts too
      let daily = db.schema
        .createTable('activity_daily')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        // '' rather than NULL: a NULL in a key never conflicts, so upserts would add rows
        .addColumn('scope', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('subject', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('actor_id', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('events', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('amount', 'bigint', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('activity_daily_pkey', [
          'user_id',
          'kind',
          'day',
          'scope',
          'subject',
          'actor_id',
        ]);
      if (dialect === 'sqlite') daily = daily.modifyEnd(sql`without rowid`);
      await daily.execute();
      await db.schema
        .createIndex('activity_daily_day')
        .on('activity_daily')
        .column('day')
        .execute();

      await db.schema
        .createTable('coverage_snapshots')
        .addColumn('repo_id', 'text', (c) => c.notNull().references('repos.id').onDelete('cascade'))
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('commit_id', 'text')
        .addColumn('objects', 'integer', (c) => c.notNull())
        .addColumn('documented', 'integer', (c) => c.notNull())
        .addColumn('stale', 'integer', (c) => c.notNull())
        .addColumn('docs_revision', 'integer', (c) => c.notNull())
        .addColumn('taken_at', t.timestamp, nowColumn(t))
        .addPrimaryKeyConstraint('coverage_snapshots_pkey', ['repo_id', 'day'])
        .execute();
      await db.schema
        .createIndex('coverage_snapshots_user_id_day')
        .on('coverage_snapshots')
        .columns(['user_id', 'day'])
        .execute();
    },
    async down(db: Db) {
      await db.schema.dropTable('coverage_snapshots').execute();
      await db.schema.dropTable('activity_daily').execute();
      await db.schema.dropIndex('events_created_at').execute();
      await db.schema.dropIndex('events_user_id_scope_created_at').execute();
      await db.schema.dropIndex('events_user_id_kind_created_at').execute();
      await db.schema.alterTable('events').dropColumn('amount').execute();
      await db.schema.alterTable('events').dropColumn('scope').execute();
      await db.schema.alterTable('events').dropColumn('actor_id').execute();
    },
  };
}
