import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthRoutes } from './health/index';

/**
 * Every API route, mounted under /api. Versioned resources (DESIGN.md section 5) are added here as
 * `/v0` … `/v3` sub-prefixes, one folder per resource.
 */
export const apiRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(healthRoutes);
};
