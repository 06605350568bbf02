import {
  livedocsEstimateQuerySchema,
  livedocsEstimateResponseSchema,
  repoIdParamsSchema,
} from '@codedocs/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userIdOf } from '../../plugins/authenticate';
import { estimateGeneration } from '../../services/livedocs/generation-estimate';
import { planHeader } from '../repo/headers';

/**
 * `GET /api/v2/livedocs/estimate/{repo_id}` (plan header): what a generation would spend of the
 * monthly quota and what is left, so the screen can say so before it starts.
 */
export const livedocsEstimateRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/livedocs/estimate/:id',
    {
      schema: {
        tags: ['livedocs'],
        summary: 'What generating these files (or all) would spend of the monthly quota',
        params: repoIdParamsSchema,
        querystring: livedocsEstimateQuerySchema,
        response: { 200: livedocsEstimateResponseSchema },
      },
    },
    async (request) =>
      estimateGeneration(
        app.services,
        userIdOf(request),
        planHeader(request),
        request.params.id,
        request.query.file_id ? request.query.file_id.split(',').filter(Boolean) : null,
      ),
  );
};
