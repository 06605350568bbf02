import { z } from 'zod';

/** Path of the health check; not versioned because load balancers and e2e tests poll it. */
export const HEALTH_PATH = '/api/health';

export const DATABASE_DIALECTS = ['sqlite', 'postgres'] as const;
export const databaseDialectSchema = z.enum(DATABASE_DIALECTS);
export type DatabaseDialect = z.infer<typeof databaseDialectSchema>;

/** `GET /api/health`: 200 with status `ok`, or 503 with status `degraded` when the database fails. */
export const healthResponseSchema = z
  .object({
    status: z.enum(['ok', 'degraded']),
    version: z.string(),
    database: z.object({
      dialect: databaseDialectSchema,
      reachable: z.boolean(),
    }),
  })
  .meta({ id: 'HealthResponse' });

export type HealthResponse = z.infer<typeof healthResponseSchema>;
