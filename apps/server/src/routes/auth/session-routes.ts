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
import { clientInfo, signedIn, userIdOf } from '../../plugins/authenticate';
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

/** Routes of a signed-in user under `/api/v1/auth`, plus the public login-screen config. */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.services;

  app.get(
    '/refresh',
    {
      schema: {
        tags,
        summary: 'Rotate the session token',
        response: { 200: refreshResponseSchema },
      },
    },
    async (request) => ({ token: await refreshSession(ctx, signedIn(request)) }),
  );

  app.post('/logout', { schema: { tags, summary: 'End this session' } }, async (request, reply) => {
    await endSession(ctx, signedIn(request));
    return reply.code(204).send();
  });

  app.post(
    '/password/change',
    {
      schema: {
        tags,
        summary: 'Change the password; other sessions end, a fresh one is returned',
        body: passwordChangeRequestSchema,
        response: { 200: sessionResponseSchema },
      },
    },
    async (request) => {
      const { token, user } = await changePassword(
        ctx,
        signedIn(request),
        request.body,
        clientInfo(request),
      );
      return { token, user: presentSessionUser(user) };
    },
  );

  app.get(
    '/sessions',
    {
      schema: {
        tags,
        summary: 'The live sessions of this account',
        response: { 200: sessionListResponseSchema },
      },
    },
    async (request) => {
      const { user, session } = signedIn(request);
      const sessions = await listSessions(ctx, user.id);
      return { sessions: sessions.map((row) => presentSession(row, session.id)) };
    },
  );

  app.delete(
    '/sessions/:id',
    {
      schema: {
        tags,
        summary: 'End one session of this account',
        params: z.object({ id: z.string().min(1).max(100) }),
      },
    },
    async (request, reply) => {
      await endSessionById(ctx, userIdOf(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/methods',
    {
      schema: {
        tags,
        summary: 'How this account can sign in',
        response: { 200: signInMethodsResponseSchema },
      },
    },
    async (request) => signInMethods(ctx, signedIn(request).user),
  );
};

/** The login screen’s configuration, for visitors (public). */
export const authConfigRoute: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.services;

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
};
