import { Kysely } from 'kysely';
import type { Dialect } from './dialect';
import { createPostgresDialect, isPostgresUrl } from './postgres';
import type { Database } from './schema';
import { createSqliteDialect } from './sqlite';

export interface DatabaseOptions {
  /** `postgres://` or `postgresql://` for PostgreSQL; unset or empty for SQLite in `dataDir`. */
  databaseUrl?: string | undefined;
  /** Folder of the SQLite file; created when missing. */
  dataDir: string;
}

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Closes the pool or the SQLite file; safe to call twice. */
  destroy(): Promise<void>;
}

/**
 * Opens the application database: SQLite in DATA_DIR by default, PostgreSQL when DATABASE_URL is
 * set. The choice is made here only, so the rest of the code never branches on the dialect.
 */
export function createDatabase(options: DatabaseOptions): DatabaseHandle {
  const url = options.databaseUrl?.trim();
  let dialect: Dialect;
  let db: Kysely<Database>;
  if (!url) {
    dialect = 'sqlite';
    db = new Kysely<Database>({ dialect: createSqliteDialect(options.dataDir) });
  } else if (isPostgresUrl(url)) {
    dialect = 'postgres';
    db = new Kysely<Database>({ dialect: createPostgresDialect(url) });
  } else {
    throw new Error(
      'DATABASE_URL must start with postgres:// or postgresql:// (leave it unset to use SQLite in DATA_DIR)',
    );
  }
  return { db, dialect, destroy: () => db.destroy() };
}
