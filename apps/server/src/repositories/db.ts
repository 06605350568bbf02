import type { Database } from '@codedocs/db';
import type { Kysely } from 'kysely';

/**
 * The database (or a transaction on it) that repository functions take as their first argument,
 * so a service can run several repository calls in one transaction.
 */
export type Db = Kysely<Database>;
