import type { NewSshKey, SshKey } from '@codedocs/db';
import type { Db } from './db';

/** The caller's keys, oldest first. */
export async function listSshKeysOfUser(db: Db, userId: string): Promise<SshKey[]> {
  return db
    .selectFrom('ssh_keys')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('name')
    .execute();
}

/** One key of the caller by name; another user's key is simply not found. */
export async function findSshKey(
  db: Db,
  userId: string,
  name: string,
): Promise<SshKey | undefined> {
  return db
    .selectFrom('ssh_keys')
    .selectAll()
    .where('user_id', '=', userId)
    .where('name', '=', name)
    .executeTakeFirst();
}

/** The caller's newest key, used when a connection names none (DESIGN.md section 5). */
export async function findNewestSshKey(db: Db, userId: string): Promise<SshKey | undefined> {
  return db
    .selectFrom('ssh_keys')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('name', 'desc')
    .executeTakeFirst();
}

/** Inserts a key; the (user_id, name) unique constraint rejects a duplicate name. */
export async function insertSshKey(db: Db, key: NewSshKey): Promise<SshKey> {
  return db.insertInto('ssh_keys').values(key).returningAll().executeTakeFirstOrThrow();
}

/** Deletes one key of the caller; false when the caller has no key of that name. */
export async function deleteSshKey(db: Db, userId: string, name: string): Promise<boolean> {
  const result = await db
    .deleteFrom('ssh_keys')
    .where('user_id', '=', userId)
    .where('name', '=', name)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
