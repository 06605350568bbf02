import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { SqliteDialect } from 'kysely';
import type { SqliteDatabase } from 'kysely';

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
  return new SqliteDialect({ database: withStatementCache(database) });
}

/** Prepared statements kept, by SQL text (queries with long IN lists come and go). */
const STATEMENT_CACHE_SIZE = 500;

/**
 * The database as Kysely sees it, with its prepared statements kept by SQL text: Kysely prepares
 * every query anew, and for the short queries of an API request (the session, the repository,
 * one page) preparing costs about as much as running. SQLite re-prepares a kept statement by
 * itself when a migration changes the schema; one still being iterated is not handed out again.
 */
function withStatementCache(database: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
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
