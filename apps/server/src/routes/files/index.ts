import {
  fileContentQuerySchema,
  fileContentSchema,
  filesPageSchema,
  filesQuerySchema,
  repoIdPathSchema,
} from '@codedocs/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userIdOf } from '../../plugins/authenticate';
import { sendSerialized } from '../../presenters/serialized-json';
import { fileContent, filesPage } from '../../services/repos/files-service';

const tags = ['files'];

/**
 * `GET /api/v3/repo/files/{repo_id}`: a listed commit's files, paged with an opaque token; sent
 * as the page's bytes serialized once, with an ETag.
 */
export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/repo/files/:repo_id',
    {
      schema: {
        tags,
        summary: "One page of a repository's files",
        params: repoIdPathSchema,
        querystring: filesQuerySchema,
        response: { 200: filesPageSchema },
      },
    },
    async (request, reply) =>
      sendSerialized(
        request,
        reply,
        await filesPage(app.services, userIdOf(request), request.params.repo_id, request.query),
      ),
  );
};

/** `GET /api/v0/file/content/{repo_id}`: one file's text (415 for binary files). */
export const fileContentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/file/content/:repo_id',
    {
      schema: {
        tags,
        summary: "A file's content",
        params: repoIdPathSchema,
        querystring: fileContentQuerySchema,
        response: { 200: fileContentSchema },
      },
    },
    async (request) =>
      fileContent(app.services, userIdOf(request), request.params.repo_id, request.query),
  );
};
