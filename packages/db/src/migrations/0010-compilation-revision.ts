import type { Kysely, Migration } from 'kysely';

type Db = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a migration sees tables as they were

/**
 * `compilations.revision`, bumped by every change of a compilation (name, objects, order), so
 * its reads can be computed once per version (two changes within one millisecond leave
 * `updated_at` equal; a counter never does).
 */
export function compilationRevision(): Migration {
  return {
    async up(db: Db) {
      await db.schema
        .alterTable('compilations')
        .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Db) {
      await db.schema.alterTable('compilations').dropColumn('revision').execute();
    },
  };
}
