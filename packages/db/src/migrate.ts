import { Migrator, NO_MIGRATIONS } from 'kysely';
import type { Kysely, MigrationResultSet } from 'kysely';
import type { Dialect } from './dialect';
import { staticMigrationProvider } from './migrations/index';
import type { Database } from './schema';

function migratorFor(db: Kysely<Database>, dialect: Dialect): Migrator {
  return new Migrator({ db, provider: staticMigrationProvider(dialect) });
}

function unwrap(resultSet: MigrationResultSet, action: string): string[] {
  const { error, results = [] } = resultSet;
  if (error) {
    const failed = results.find((result) => result.status === 'Error');
    const cause = error instanceof Error ? error.message : String(error);
    throw new Error(
      `Database ${action} failed${failed ? ` in ${failed.migrationName}` : ''}: ${cause}`,
      { cause: error },
    );
  }
  return results.map((result) => result.migrationName);
}

/**
 * Brings the schema up to date; run at every start. Idempotent: applied migrations are recorded
 * (and concurrent starts serialised) by Kysely's migration tables. Returns the names it applied.
 */
export async function migrateToLatest(db: Kysely<Database>, dialect: Dialect): Promise<string[]> {
  return unwrap(await migratorFor(db, dialect).migrateToLatest(), 'migration');
}

/**
 * Undoes every migration, leaving an empty schema. For tests and for operators who want to start
 * over; never run by the application itself.
 */
export async function migrateToNone(db: Kysely<Database>, dialect: Dialect): Promise<string[]> {
  return unwrap(await migratorFor(db, dialect).migrateTo(NO_MIGRATIONS), 'rollback');
}

/**
 * Applies or undoes migrations until `name` is the last one applied. For tests that build a
 * database as an older release left it and then upgrade it.
 */
export async function migrateTo(
  db: Kysely<Database>,
  dialect: Dialect,
  name: string,
): Promise<string[]> {
  return unwrap(await migratorFor(db, dialect).migrateTo(name), 'migration');
}
