import { sql } from 'kysely';
import type { ColumnDefinitionBuilder, Expression } from 'kysely';
import type { Dialect } from '../dialect';

/**
 * The few column types that differ between SQLite and PostgreSQL, so one migration set serves
 * both. Everything else in the migrations is portable SQL.
 */
export interface ColumnTypes {
  /** `text` on SQLite (ISO-8601 strings), `timestamptz` on PostgreSQL. */
  timestamp: 'text' | 'timestamptz';
  /** The current time as a column default, in the format the TypeScript side reads back. */
  now: Expression<unknown>;
}

/** Column types for one dialect. */
export function columnTypes(dialect: Dialect): ColumnTypes {
  if (dialect === 'postgres') return { timestamp: 'timestamptz', now: sql`now()` };
  // Same shape as Date.prototype.toISOString(), so string comparison orders by time.
  return { timestamp: 'text', now: sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))` };
}

/** A NOT NULL timestamp column that defaults to the current time. */
export function nowColumn(types: ColumnTypes) {
  return (column: ColumnDefinitionBuilder) => column.notNull().defaultTo(types.now);
}
