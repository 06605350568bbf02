import {
  authConfigResponseSchema,
  passwordChangeRequestSchema,
  refreshResponseSchema,
  sessionListResponseSchema,
  sessionResponseSchema,
  signInMethodsResponseSchema,
} from '@codedocs/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientInfo, requireAuth } from '../../plugins/authenticate';
import { presentSession } from '../../presenters/session-presenter';
import { presentSessionUser } from '../../presenters/user-presenter';
import { authConfig, signInMethods } from '../../services/auth/methods-service';
import { changePassword } from '../../services/auth/password-service';
import {
  endSession,
  endSessionById,
  listSessions,
  refreshSession,
} from '../../services/auth/session-service';

const tags = ['auth'];
const security = [{ bearerAuth: [] }];

/** Routes of a signed-in user under `/api/v1/auth`, plus the public login-screen config. */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.services;
  const onRequest = app.authenticate;

  app.get(
    '/config',
    {
      schema: {
        tags,
        summary: 'What the login screen offers',
        response: { 200: authConfigResponseSchema },
      },
    },
    async () => authConfig(ctx),
  );

  app.get(
    '/refresh',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Rotate the session token',
        response: { 200: refreshResponseSchema },
      },
    },
    async (request) => ({ token: await refreshSession(ctx, requireAuth(request)) }),
  );

  app.post(
    '/logout',
    { onRequest, schema: { tags, security, summary: 'End this session' } },
    async (request, reply) => {
      await endSession(ctx, requireAuth(request));
      return reply.code(204).send();
    },
  );

  app.post(
    '/password/change',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Change the password; other sessions end, a fresh one is returned',
        body: passwordChangeRequestSchema,
        response: { 200: sessionResponseSchema },
      },
    },
    async (request) => {
      const { token, user } = await changePassword(
        ctx,
        requireAuth(request),
        request.body,
        clientInfo(request),
      );
      return { token, user: presentSessionUser(user) };
    },
  );

  app.get(
    '/sessions',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'The live sessions of this account',
        response: { 200: sessionListResponseSchema },
      },
    },
    async (request) => {
      const { user, session } = requireAuth(request);
      const sessions = await listSessions(ctx, user.id);
      return { sessions: sessions.map((row) => presentSession(row, session.id)) };
    },
  );

  app.delete(
    '/sessions/:id',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'End one session of this account',
        params: z.object({ id: z.string().min(1).max(100) }),
      },
    },
    async (request, reply) => {
      await endSessionById(ctx, requireAuth(request).user.id, request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/methods',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'How this account can sign in',
        response: { 200: signInMethodsResponseSchema },
      },
    },
    async (request) => signInMethods(ctx, requireAuth(request).user),
  );
};
