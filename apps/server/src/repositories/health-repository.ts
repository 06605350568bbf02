import { sql } from 'kysely';
import type { Db } from './db';

/** Runs `select 1`: proves a connection can be made and a statement answered. */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
