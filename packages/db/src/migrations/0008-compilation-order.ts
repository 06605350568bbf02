import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';

type Db = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a migration sees tables as they were

/**
 * Compilations ("pockets", issue 15): objects keep a manual order (`position`, the order of the
 * site's pages), and a user's compilation names are unique regardless of case.
 */
export function compilationOrder(): Migration {
  return {
    async up(db: Db) {
      await db.schema
        .alterTable('compilation_objects')
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex('compilation_objects_compilation_id_position')
        .on('compilation_objects')
        .columns(['compilation_id', 'position'])
        .execute();
      // existing entries keep the order they were added in
      const entries = await db
        .selectFrom('compilation_objects')
        .select(['compilation_id', 'repo_id', 'object_id'])
        .orderBy('compilation_id')
        .orderBy('added_at')
        .orderBy('object_id')
        .execute();
      let current = '';
      let position = 0;
      for (const entry of entries) {
        if (entry.compilation_id !== current) {
          current = entry.compilation_id;
          position = 0;
        }
        await db
          .updateTable('compilation_objects')
          .set({ position: position++ })
          .where('compilation_id', '=', entry.compilation_id)
          .where('repo_id', '=', entry.repo_id)
          .where('object_id', '=', entry.object_id)
          .execute();
      }
      // duplicate names (case-insensitive) get a number before the index makes them unique
      const names = await db
        .selectFrom('compilations')
        .select(['id', 'user_id', 'name'])
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      const taken = new Set<string>();
      for (const row of names) {
        let name = row.name as string;
        for (let n = 2; taken.has(`${row.user_id}\0${name.toLowerCase()}`); n++) {
          name = `${row.name} (${n})`;
        }
        taken.add(`${row.user_id}\0${name.toLowerCase()}`);
        if (name !== row.name) {
          await db.updateTable('compilations').set({ name }).where('id', '=', row.id).execute();
        }
      }
      await db.schema
        .createIndex('compilations_user_id_name')
        .on('compilations')
        .unique()
        .columns(['user_id'])
        .expression(sql`lower(name)`)
        .execute();
    },
    async down(db: Db) {
      await db.schema.dropIndex('compilations_user_id_name').execute();
      await db.schema.dropIndex('compilation_objects_compilation_id_position').execute();
      await db.schema.alterTable('compilation_objects').dropColumn('position').execute();
    },
  };
}
