import { compilationMetadataResponseSchema } from '@codedocs/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/authenticate';
import { listCompilationMetadata } from '../../services/library-service';

/** `GET /api/v0/compilation/metadata`: the caller's compilations with their repositories. */
export const compilationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/compilation/metadata',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['compilation'],
        security: [{ bearerAuth: [] }],
        summary: "The caller's compilations",
        response: { 200: compilationMetadataResponseSchema },
      },
    },
    async (request) => ({
      metadata: await listCompilationMetadata(app.services, requireAuth(request).user.id),
    }),
  );
};
