import {
  overviewSaveRequestSchema,
  overviewSaveResponseSchema,
  repoIdParamsSchema,
  repoOverviewResponseSchema,
} from '@codedocs/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userIdOf } from '../../plugins/authenticate';
import { repoOverview, saveOverviewSection } from '../../services/overview/overview-service';

const tags = ['repo'];

/** `/api/v0/repo/{id}/overview`: the repository's generated overview and its edits. */
export const overviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/repo/:id/overview',
    {
      schema: {
        tags,
        summary:
          'The overview at the current commit: entry points, modules, dependencies, most-used objects, public API',
        params: repoIdParamsSchema,
        response: { 200: repoOverviewResponseSchema },
      },
    },
    async (request) => ({
      overview: await repoOverview(app.services, userIdOf(request), request.params.id),
    }),
  );

  app.post(
    '/repo/:id/overview/save',
    {
      schema: {
        tags,
        summary: 'Save one overview section (409 when it changed since the editor loaded it)',
        params: repoIdParamsSchema,
        body: overviewSaveRequestSchema,
        response: { 200: overviewSaveResponseSchema },
      },
    },
    async (request) =>
      saveOverviewSection(app.services, userIdOf(request), request.params.id, request.body),
  );
};
