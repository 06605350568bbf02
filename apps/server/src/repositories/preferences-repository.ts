import type { Db } from './db';

/** The user's stored doc styles (JSON), if any. */
export async function findDocStyles(db: Db, userId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('generation_preferences')
    .select('doc_styles')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.doc_styles;
}

/** Stores the user's doc styles (JSON). */
export async function saveDocStyles(db: Db, userId: string, docStyles: string): Promise<void> {
  const updatedAt = new Date().toISOString();
  await db
    .insertInto('generation_preferences')
    .values({ user_id: userId, doc_styles: docStyles, updated_at: updatedAt })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ doc_styles: docStyles, updated_at: updatedAt }),
    )
    .execute();
}
