import type { Kysely, Migration } from 'kysely';

type Db = Kysely<unknown>;

/**
 * `repos.docs_revision` counts the writes that can change a repository's doc statuses (a field
 * saved, generated or reviewed; objects indexed or their presence changed). Readers key what
 * they derive from every object of a repository (its counts, each file's documented and stale
 * objects) by it, so a list of 20,000 objects is counted once per change instead of once per
 * request, in every server process alike.
 */
export function docsRevision(): Migration {
  return {
    async up(db: Db) {
      await db.schema
        .alterTable('repos')
        .addColumn('docs_revision', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Db) {
      await db.schema.alterTable('repos').dropColumn('docs_revision').execute();
    },
  };
}
