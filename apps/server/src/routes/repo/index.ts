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
import { userIdOf } from '../../plugins/authenticate';
import { listRepos } from '../../services/library-service';
import {
  checkoutRepo,
  deleteRepo,
  listRepoBranches,
  syncRepo,
} from '../../services/repos/repo-tasks-service';
import { taskIdHeader } from './headers';

const tags = ['repo'];

/** `/api/v0/repo`: the caller's repositories, and delete, sync, branch switch and branches. */
export const repoRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { ctx: app.services, jobs: app.jobs };

  app.get(
    '/repo',
    {
      schema: {
        tags,
        summary: "The caller's repositories",
        response: { 200: repoListResponseSchema },
      },
    },
    async (request) => ({ repos: await listRepos(app.services, userIdOf(request)) }),
  );

  app.delete(
    '/repo/:id',
    {
      schema: {
        tags,
        summary: 'Delete a repository, its files and its clone',
        params: repoIdParamsSchema,
        response: { 200: repoDeleteResponseSchema },
      },
    },
    async (request) => {
      await deleteRepo(app.services, userIdOf(request), request.params.id);
      return { repo_id: request.params.id };
    },
  );

  app.post(
    '/repo/sync',
    {
      schema: {
        tags,
        summary: 'Fetch the remote; 304 when it has nothing new',
        body: repoSyncRequestSchema,
        response: { 200: repoResponseSchema, 304: z.null().describe('Nothing new on the remote') },
      },
    },
    async (request, reply) => {
      const repo = await syncRepo(
        deps,
        userIdOf(request),
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
      schema: {
        tags,
        summary: 'Switch the repository to another branch',
        body: repoCheckoutRequestSchema,
        response: { 200: repoResponseSchema },
      },
    },
    async (request) => ({
      repo: await checkoutRepo(
        deps,
        userIdOf(request),
        { repoId: request.body.repo_id, branch: request.body.branch_name },
        taskIdHeader(request),
      ),
    }),
  );

  app.get(
    '/repo/:id/branches',
    {
      schema: {
        tags,
        summary: "The repository's branches",
        params: repoIdParamsSchema,
        response: { 200: branchListResponseSchema },
      },
    },
    async (request) => ({
      branches: await listRepoBranches(app.services, userIdOf(request), request.params.id),
    }),
  );
};
