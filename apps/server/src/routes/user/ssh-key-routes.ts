import {
  sshKeyGenerateRequestSchema,
  sshKeyGenerateResponseSchema,
  sshKeyListResponseSchema,
  sshKeyNameParamsSchema,
} from '@codedocs/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/authenticate';
import { generateSshKey, listSshKeys, removeSshKey } from '../../services/ssh-key-service';

const tags = ['ssh-key'];
const security = [{ bearerAuth: [] }];

/** `/api/v0/user/ssh-key`: the caller's SSH keys (spec section 7). */
export const sshKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.services;
  const onRequest = app.authenticate;

  app.get(
    '/user/ssh-key',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'List SSH keys',
        response: { 200: sshKeyListResponseSchema },
      },
    },
    async (request) => ({ keys: await listSshKeys(ctx, requireAuth(request).user.id) }),
  );

  app.post(
    '/user/ssh-key/generate',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Generate a key pair; answers the public key',
        body: sshKeyGenerateRequestSchema,
        response: { 201: sshKeyGenerateResponseSchema },
      },
    },
    async (request, reply) => {
      const key = await generateSshKey(ctx, requireAuth(request).user.id, request.body);
      return reply.code(201).send(key);
    },
  );

  app.delete(
    '/user/ssh-key/:name',
    {
      onRequest,
      schema: { tags, security, summary: 'Delete an SSH key', params: sshKeyNameParamsSchema },
    },
    async (request, reply) => {
      await removeSshKey(ctx, requireAuth(request).user.id, request.params.name);
      return reply.code(204).send();
    },
  );
};
