import type { NewUser, User, UserUpdate } from '@codedocs/db';
import type { Db } from './db';

/** The user with this (lower-case) address, if any. */
export async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

/** The user with this id, if any. */
export async function findUserById(db: Db, id: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Inserts a user and returns the stored row (with its defaults). */
export async function insertUser(db: Db, user: NewUser): Promise<User> {
  return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
}

/** Changes some columns of a user and stamps updated_at; returns the new row. */
export async function updateUser(
  db: Db,
  id: string,
  changes: UserUpdate,
): Promise<User | undefined> {
  return db
    .updateTable('users')
    .set({ ...changes, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** Deletes a user; every row the user owns goes with it by foreign-key cascade. */
export async function deleteUser(db: Db, id: string): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute();
}
