import { userProfileSchema, userUpdateRequestSchema } from '@codedocs/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../plugins/authenticate';
import { deleteAccount, getProfile, updateProfile } from '../../services/profile-service';

const tags = ['user'];

/** `/api/v0/user`: the caller's profile. */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.services;

  app.get(
    '/user',
    {
      schema: { tags, summary: 'The profile', response: { 200: userProfileSchema } },
    },
    async (request) => getProfile(ctx, signedIn(request).user),
  );

  app.patch(
    '/user',
    {
      schema: {
        tags,
        summary: 'Change name and/or description',
        body: userUpdateRequestSchema,
        response: { 200: userProfileSchema },
      },
    },
    async (request) => updateProfile(ctx, signedIn(request).user, request.body),
  );

  app.delete(
    '/user',
    { schema: { tags, summary: 'Delete the account and everything it owns' } },
    async (request, reply) => {
      await deleteAccount(ctx, signedIn(request).user);
      return reply.code(204).send();
    },
  );
};
