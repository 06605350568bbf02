import { repoListResponseSchema } from '@codedocs/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/authenticate';
import { listRepos } from '../../services/library-service';

/** `GET /api/v0/repo`: the caller's repositories (the /app loader's list). */
export const repoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/repo',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['repo'],
        security: [{ bearerAuth: [] }],
        summary: "The caller's repositories",
        response: { 200: repoListResponseSchema },
      },
    },
    async (request) => ({ repos: await listRepos(app.services, requireAuth(request).user.id) }),
  );
};
