import {
  branchListResponseSchema,
  repoCheckoutRequestSchema,
  repoDeleteResponseSchema,
  repoIdParamsSchema,
  repoListResponseSchema,
  repoResponseSchema,
  repoSyncRequestSchema,
} from '@codedocs/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/authenticate';
import { listRepos } from '../../services/library-service';
import {
  checkoutRepo,
  deleteRepo,
  listRepoBranches,
  syncRepo,
} from '../../services/repos/repo-tasks-service';
import { taskIdHeader } from './headers';

const tags = ['repo'];
const security = [{ bearerAuth: [] }];

/** `/api/v0/repo`: the caller's repositories, and delete, sync, branch switch and branches. */
export const repoRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = app.authenticate;
  const deps = { ctx: app.services, jobs: app.jobs };

  app.get(
    '/repo',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: "The caller's repositories",
        response: { 200: repoListResponseSchema },
      },
    },
    async (request) => ({ repos: await listRepos(app.services, requireAuth(request).user.id) }),
  );

  app.delete(
    '/repo/:id',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Delete a repository, its files and its clone',
        params: repoIdParamsSchema,
        response: { 200: repoDeleteResponseSchema },
      },
    },
    async (request) => {
      await deleteRepo(app.services, requireAuth(request).user.id, request.params.id);
      return { repo_id: request.params.id };
    },
  );

  app.post(
    '/repo/sync',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Fetch the remote; 304 when it has nothing new',
        body: repoSyncRequestSchema,
        response: { 200: repoResponseSchema, 304: z.null().describe('Nothing new on the remote') },
      },
    },
    async (request, reply) => {
      const repo = await syncRepo(
        deps,
        requireAuth(request).user.id,
        request.body.repo_id,
        taskIdHeader(request),
      );
      if (repo === null) return reply.code(304).send(null);
      return { repo };
    },
  );

  app.post(
    '/repo/checkout',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Switch the repository to another branch',
        body: repoCheckoutRequestSchema,
        response: { 200: repoResponseSchema },
      },
    },
    async (request) => ({
      repo: await checkoutRepo(
        deps,
        requireAuth(request).user.id,
        { repoId: request.body.repo_id, branch: request.body.branch_name },
        taskIdHeader(request),
      ),
    }),
  );

  app.get(
    '/repo/:id/branches',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: "The repository's branches",
        params: repoIdParamsSchema,
        response: { 200: branchListResponseSchema },
      },
    },
    async (request) => ({
      branches: await listRepoBranches(
        app.services,
        requireAuth(request).user.id,
        request.params.id,
      ),
    }),
  );
};
