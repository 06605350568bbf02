import type { Kysely, Migration } from 'kysely';

type Db = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a migration sees tables as they were

/**
 * Static sites (issue 16): a folder points at the build directory its site is served from
 * (`build_id`; a new build is written beside it and published by changing this column in the
 * transaction that records its files, so no half site is ever visible), the commits that build
 * documents (`pins`, JSON) and the task of a build that runs (`task_id`).
 */
export function folderBuilds(): Migration {
  return {
    async up(db: Db) {
      await db.schema.alterTable('folders').addColumn('build_id', 'text').execute();
      await db.schema
        .alterTable('folders')
        .addColumn('pins', 'text', (c) => c.notNull().defaultTo('[]'))
        .execute();
      await db.schema.alterTable('folders').addColumn('task_id', 'text').execute();
    },
    async down(db: Db) {
      await db.schema.alterTable('folders').dropColumn('task_id').execute();
      await db.schema.alterTable('folders').dropColumn('pins').execute();
      await db.schema.alterTable('folders').dropColumn('build_id').execute();
    },
  };
}
