export { createDatabase } from './create-database';
export type { DatabaseHandle, DatabaseOptions } from './create-database';
export type { Dialect } from './dialect';
export { migrateToLatest, migrateToNone } from './migrate';
export { TABLE_NAMES } from './tables';
export { isPostgresUrl } from './postgres';
export { SQLITE_FILE_NAME } from './sqlite';
export type * from './schema';
