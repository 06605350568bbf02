import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect';
import { columnTypes } from './column-types';

type Db = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a migration sees tables as they were

/**
 * Sharing folders (issue 17). The `shares` table of 0001 gains what the owner sees of a share
 * (how often it was opened and when last, `opens` / `last_opened_at`), and what an e-mail
 * invitation needs: who used it and when (`accepted_by` / `accepted_at`, single use) and whether
 * its mail went out (`mailed_at`, null when the mail server refused it). Memberships are found
 * by the share they came through (revoking a share ends them).
 */
export function folderShares(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Db) {
      await db.schema
        .alterTable('shares')
        .addColumn('opens', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('shares').addColumn('last_opened_at', t.timestamp).execute();
      await db.schema
        .alterTable('shares')
        .addColumn('accepted_by', 'text', (c) => c.references('users.id').onDelete('set null'))
        .execute();
      await db.schema.alterTable('shares').addColumn('accepted_at', t.timestamp).execute();
      await db.schema.alterTable('shares').addColumn('mailed_at', t.timestamp).execute();
      await db.schema
        .createIndex('folder_members_via_share_id')
        .on('folder_members')
        .column('via_share_id')
        .execute();
      await db.schema
        .createIndex('shares_folder_id_email')
        .on('shares')
        .columns(['folder_id', 'email'])
        .execute();
    },
    async down(db: Db) {
      await db.schema.dropIndex('shares_folder_id_email').execute();
      await db.schema.dropIndex('folder_members_via_share_id').execute();
      for (const column of ['mailed_at', 'accepted_at', 'accepted_by', 'last_opened_at', 'opens']) {
        await db.schema.alterTable('shares').dropColumn(column).execute();
      }
    },
  };
}
