import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect';
import { columnTypes } from './column-types';

type Db = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a migration sees tables as they were

/**
 * Checkout (issue 18). A subscription remembers what its provider said last: a cancellation
 * requested for the period end (`cancel_requested_at`), a downgrade waiting for it
 * (`scheduled_plan_id`), the provider's customer (`customer_ref`, for the billing portal) and when
 * that state was read (`synced_at`), so an older reading arriving late is not applied over a newer
 * one. `billing_events` holds the id of every provider event applied, so a redelivered event is
 * applied once. `generation_preferences` keeps each user's doc style per language.
 */
export function checkout(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Db) {
      await db.schema
        .alterTable('subscriptions')
        .addColumn('cancel_requested_at', t.timestamp)
        .execute();
      await db.schema.alterTable('subscriptions').addColumn('scheduled_plan_id', 'text').execute();
      await db.schema.alterTable('subscriptions').addColumn('customer_ref', 'text').execute();
      await db.schema.alterTable('subscriptions').addColumn('synced_at', t.timestamp).execute();
      await db.schema
        .createIndex('subscriptions_provider_provider_ref')
        .on('subscriptions')
        .columns(['provider', 'provider_ref'])
        .execute();
      await db.schema.alterTable('purchases').addColumn('completed_at', t.timestamp).execute();
      await db.schema
        .createTable('billing_events')
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('event_id', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('received_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
        .addPrimaryKeyConstraint('billing_events_pkey', ['provider', 'event_id'])
        .execute();
      await db.schema
        .createTable('generation_preferences')
        .addColumn('user_id', 'text', (c) =>
          c.primaryKey().references('users.id').onDelete('cascade'),
        )
        .addColumn('doc_styles', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
        .execute();
    },
    async down(db: Db) {
      await db.schema.dropTable('generation_preferences').execute();
      await db.schema.dropTable('billing_events').execute();
      await db.schema.alterTable('purchases').dropColumn('completed_at').execute();
      await db.schema.dropIndex('subscriptions_provider_provider_ref').execute();
      for (const column of [
        'synced_at',
        'customer_ref',
        'scheduled_plan_id',
        'cancel_requested_at',
      ]) {
        await db.schema.alterTable('subscriptions').dropColumn(column).execute();
      }
    },
  };
}
