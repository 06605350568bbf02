import { PostgresDialect } from 'kysely';
import pg from 'pg';

const INT8 = 20;
const TIMESTAMP = 1114;
const TIMESTAMPTZ = 1184;

const parseDate = pg.types.getTypeParser(TIMESTAMPTZ, 'text') as (value: string) => unknown;

/** Turns PostgreSQL's timestamp text into the ISO-8601 UTC string SQLite stores. */
function toIsoString(value: string): string {
  const parsed = parseDate(value);
  // 'infinity' and friends have no ISO form; pass them through rather than invent a date.
  return parsed instanceof Date && !Number.isNaN(parsed.getTime()) ? parsed.toISOString() : value;
}

/**
 * Type parsers for this pool only (not pg's global registry, which would change every other pg
 * user in the process): timestamps come back as ISO strings and int8 (bigint, count(*)) as
 * numbers, so rows look the same as on SQLite.
 */
function typeOverrides(): pg.TypeOverrides {
  const types = new pg.TypeOverrides();
  types.setTypeParser(TIMESTAMPTZ, toIsoString);
  // timestamp without time zone: the application only ever writes UTC.
  types.setTypeParser(TIMESTAMP, (value) => toIsoString(`${value}+00`));
  types.setTypeParser(INT8, (value) => Number(value));
  return types;
}

/** True for the URL schemes the PostgreSQL driver accepts. */
export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

/** A Kysely dialect over a pg pool for `DATABASE_URL`. */
export function createPostgresDialect(connectionString: string): PostgresDialect {
  const pool = new pg.Pool({
    connectionString,
    types: typeOverrides(),
    max: 10,
    // Fail instead of hanging when the server is unreachable (a black-holed host never refuses).
    connectionTimeoutMillis: 10_000,
  });
  // An idle client that loses its connection (server restart, dropped test database) emits
  // 'error' on the pool; unhandled, that would crash the process. The pool discards the client
  // and the next query reports the problem to its caller.
  pool.on('error', () => {});
  return new PostgresDialect({ pool });
}
