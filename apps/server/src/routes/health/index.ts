import { healthResponseSchema } from '@codedocs/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkHealth } from '../../services/health-service';

/** `GET /api/health`: 200 when healthy, 503 when degraded; exempt from the rate limit. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['health'],
        summary: 'Process and database health',
        response: { 200: healthResponseSchema, 503: healthResponseSchema },
      },
    },
    async (_request, reply) => {
      const health = await checkHealth(app.db, app.dbDialect);
      return reply.code(health.status === 'ok' ? 200 : 503).send(health);
    },
  );
};
