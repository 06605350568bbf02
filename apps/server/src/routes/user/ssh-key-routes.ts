import {
  sshKeyGenerateRequestSchema,
  sshKeyGenerateResponseSchema,
  sshKeyListResponseSchema,
  sshKeyNameParamsSchema,
} from '@codedocs/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userIdOf } from '../../plugins/authenticate';
import { generateSshKey, listSshKeys, removeSshKey } from '../../services/ssh-key-service';

const tags = ['ssh-key'];

/** `/api/v0/user/ssh-key`: the caller's SSH keys (spec section 7). */
export const sshKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.services;

  app.get(
    '/user/ssh-key',
    {
      schema: {
        tags,
        summary: 'List SSH keys',
        response: { 200: sshKeyListResponseSchema },
      },
    },
    async (request) => ({ keys: await listSshKeys(ctx, userIdOf(request)) }),
  );

  app.post(
    '/user/ssh-key/generate',
    {
      schema: {
        tags,
        summary: 'Generate a key pair; answers the public key',
        body: sshKeyGenerateRequestSchema,
        response: { 201: sshKeyGenerateResponseSchema },
      },
    },
    async (request, reply) => {
      const key = await generateSshKey(ctx, userIdOf(request), request.body);
      return reply.code(201).send(key);
    },
  );

  app.delete(
    '/user/ssh-key/:name',
    {
      schema: { tags, summary: 'Delete an SSH key', params: sshKeyNameParamsSchema },
    },
    async (request, reply) => {
      await removeSshKey(ctx, userIdOf(request), request.params.name);
      return reply.code(204).send();
    },
  );
};
