import {
  livedocsGenerateAllRequestSchema,
  livedocsGenerateRequestSchema,
  livedocsGenerateResponseSchema,
  livedocsObjectActionRequestSchema,
  livedocsObjectResponseSchema,
} from '@codedocs/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userIdOf } from '../../plugins/authenticate';
import { regenerateObject, requestGeneration } from '../../services/livedocs/generate-request';
import { planHeader, taskIdHeader } from '../repo/headers';

const tags = ['livedocs'];

/** The v2 generation calls: they carry the plan token in `x-plan` (spec section 7). */
export const livedocsGenerateRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Both generate calls: the chosen files, or every file (`null`), as task `x-task-id`. */
  const generate = (
    request: FastifyRequest<{ Body: { repo_id: string } }>,
    fileIds: string[] | null,
  ) =>
    requestGeneration(
      app.services,
      app.jobs.queue,
      userIdOf(request),
      { taskId: taskIdHeader(request), plan: planHeader(request) },
      {
        repo_id: request.body.repo_id,
        file_ids: fileIds,
      },
    );

  app.post(
    '/livedocs/generate',
    {
      schema: {
        tags,
        summary: 'Generate docs for the objects of chosen files (runs as task `x-task-id`)',
        body: livedocsGenerateRequestSchema,
        response: { 202: livedocsGenerateResponseSchema },
      },
    },
    async (request, reply) => reply.code(202).send(await generate(request, request.body.file_ids)),
  );

  app.post(
    '/livedocs/generate/all',
    {
      schema: {
        tags,
        summary: 'Generate docs for every object of the current commit (runs as task `x-task-id`)',
        body: livedocsGenerateAllRequestSchema,
        response: { 202: livedocsGenerateResponseSchema },
      },
    },
    async (request, reply) => reply.code(202).send(await generate(request, null)),
  );

  app.post(
    '/livedocs/regenerate',
    {
      schema: {
        tags,
        summary: "Refresh one object's generated fields (edited fields are kept)",
        body: livedocsObjectActionRequestSchema,
        response: { 200: livedocsObjectResponseSchema },
      },
    },
    async (request) => ({
      object: await regenerateObject(
        app.services,
        userIdOf(request),
        planHeader(request),
        request.body,
      ),
    }),
  );
};
