import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { SqliteDialect } from 'kysely';
import type { SqliteDatabase } from 'kysely';
import { SQLite } from './sqlite-driver';

/** File name of the embedded database inside DATA_DIR. */
export const SQLITE_FILE_NAME = 'codedocs.sqlite';

/**
 * Opens (creating when missing) `<dataDir>/codedocs.sqlite` tuned for one server process with a
 * few concurrent readers: WAL so reads never wait for the writer, enforced foreign keys (SQLite
 * ignores them by default), a busy timeout instead of instant SQLITE_BUSY, and NORMAL sync, which
 * is durable under WAL except for the last transactions on power loss.
 */
export function createSqliteDialect(dataDir: string): SqliteDialect {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = join(dataDir, SQLITE_FILE_NAME);
  makePrivate(file);
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  for (const suffix of ['-wal', '-shm']) makePrivate(`${file}${suffix}`, false);
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  database.pragma('synchronous = NORMAL');
  return new SqliteDialect({ database: withStatementCache(database) });
}

/**
 * Makes the database file readable by the server's user only (0600), creating it empty when
 * `create` (SQLite takes an empty file for a new database). SQLite gives the -wal and -shm files
 * it creates the main file's permissions; ones left by an earlier process are tightened too.
 */
function makePrivate(path: string, create = true): void {
  if (create) closeSync(openSync(path, 'a', 0o600));
  else if (!existsSync(path)) return;
  try {
    chmodSync(path, 0o600);
  } catch (error) {
    // A file of another user that SQLite can still open: its owner decides its mode.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') throw error;
  }
}

/** Prepared statements kept, by SQL text (queries with long IN lists come and go). */
const STATEMENT_CACHE_SIZE = 500;

/**
 * The database as Kysely sees it, with its prepared statements kept by SQL text: Kysely prepares
 * every query anew, and for the short queries of an API request (the session, the repository,
 * one page) preparing costs about as much as running. SQLite re-prepares a kept statement by
 * itself when a migration changes the schema; one still being iterated is not handed out again.
 */
function withStatementCache(database: BetterSqlite3.Database): SqliteDatabase {
  const statements = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => database.close(),
    prepare(sql) {
      const kept = statements.get(sql);
      if (kept && !kept.busy) {
        statements.delete(sql);
        statements.set(sql, kept);
        return kept;
      }
      const statement = database.prepare(sql);
      statements.set(sql, statement);
      if (statements.size > STATEMENT_CACHE_SIZE) {
        const oldest = statements.keys().next().value;
        if (oldest !== undefined) statements.delete(oldest);
      }
      return statement;
    },
  };
}
