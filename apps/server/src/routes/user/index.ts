import { userProfileSchema, userUpdateRequestSchema } from '@codedocs/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/authenticate';
import { deleteAccount, getProfile, updateProfile } from '../../services/profile-service';

const tags = ['user'];
const security = [{ bearerAuth: [] }];

/** `/api/v0/user`: the caller's profile. */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.services;
  const onRequest = app.authenticate;

  app.get(
    '/user',
    {
      onRequest,
      schema: { tags, security, summary: 'The profile', response: { 200: userProfileSchema } },
    },
    async (request) => getProfile(ctx, requireAuth(request).user),
  );

  app.patch(
    '/user',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Change name and/or description',
        body: userUpdateRequestSchema,
        response: { 200: userProfileSchema },
      },
    },
    async (request) => updateProfile(ctx, requireAuth(request).user, request.body),
  );

  app.delete(
    '/user',
    { onRequest, schema: { tags, security, summary: 'Delete the account and everything it owns' } },
    async (request, reply) => {
      await deleteAccount(ctx, requireAuth(request).user);
      return reply.code(204).send();
    },
  );
};
