import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { SqliteDialect } from 'kysely';

/** File name of the embedded database inside DATA_DIR. */
export const SQLITE_FILE_NAME = 'codedocs.sqlite';

/**
 * Opens (creating when missing) `<dataDir>/codedocs.sqlite` tuned for one server process with a
 * few concurrent readers: WAL so reads never wait for the writer, enforced foreign keys (SQLite
 * ignores them by default), a busy timeout instead of instant SQLITE_BUSY, and NORMAL sync, which
 * is durable under WAL except for the last transactions on power loss.
 */
export function createSqliteDialect(dataDir: string): SqliteDialect {
  mkdirSync(dataDir, { recursive: true });
  const database = new SQLite(join(dataDir, SQLITE_FILE_NAME));
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  database.pragma('synchronous = NORMAL');
  return new SqliteDialect({ database });
}
