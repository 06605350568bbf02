import type { DatabaseDialect } from '@codedocs/contract';

/** The two databases the application runs on (the same names the health check reports). */
export type Dialect = DatabaseDialect;
