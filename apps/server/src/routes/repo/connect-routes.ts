import { repoConnectRequestSchema, repoConnectResponseSchema } from '@codedocs/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userIdOf } from '../../plugins/authenticate';
import { requestConnect } from '../../services/repos/connect-service';
import { planHeader, taskIdHeader } from './headers';

/** `POST /api/v2/repo/connect`: queues the clone of a repository as a background task. */
export const repoConnectRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/repo/connect',
    {
      schema: {
        tags: ['repo'],
        summary: 'Connect a repository (runs as task `x-task-id`)',
        body: repoConnectRequestSchema,
        response: { 202: repoConnectResponseSchema },
      },
    },
    async (request, reply) => {
      const answer = await requestConnect(
        app.services,
        app.jobs.queue,
        userIdOf(request),
        { taskId: taskIdHeader(request), plan: planHeader(request) },
        request.body,
      );
      return reply.code(202).send(answer);
    },
  );
};
