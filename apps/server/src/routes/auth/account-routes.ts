import {
  acceptedResponseSchema,
  loginRequestSchema,
  passwordResetRequestSchema,
  passwordSetRequestSchema,
  sessionResponseSchema,
  signupRequestSchema,
  verifyRequestSchema,
  verifyResendRequestSchema,
} from '@codedocs/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientInfo } from '../../plugins/authenticate';
import { presentSessionUser } from '../../presenters/user-presenter';
import { logIn } from '../../services/auth/login-service';
import {
  PASSWORD_SET,
  requestPasswordReset,
  RESET_ACCEPTED,
  setPasswordWithToken,
} from '../../services/auth/password-service';
import {
  RESEND_ACCEPTED,
  resendVerification,
  SIGNUP_ACCEPTED,
  signUp,
  verifyEmail,
} from '../../services/auth/signup-service';

const tags = ['auth'];

/** Public account routes under `/api/v1/auth`: sign-up, confirmation, login, password reset. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.services;

  app.post(
    '/signup',
    {
      schema: {
        tags,
        summary: 'Create an account (202 whether or not the address is known)',
        body: signupRequestSchema,
        response: { 202: acceptedResponseSchema },
      },
    },
    async (request, reply) => {
      await signUp(ctx, request.body, clientInfo(request));
      return reply.code(202).send({ message: SIGNUP_ACCEPTED });
    },
  );

  app.post(
    '/verify',
    {
      schema: {
        tags,
        summary: 'Confirm an address with the mailed token and start a session',
        body: verifyRequestSchema,
        response: { 200: sessionResponseSchema },
      },
    },
    async (request) => {
      const { token, user } = await verifyEmail(ctx, request.body.token, clientInfo(request));
      return { token, user: presentSessionUser(user) };
    },
  );

  app.post(
    '/verify/resend',
    {
      schema: {
        tags,
        summary: 'Mail a new confirmation link (202 whatever the address)',
        body: verifyResendRequestSchema,
        response: { 202: acceptedResponseSchema },
      },
    },
    async (request, reply) => {
      await resendVerification(ctx, request.body.email, clientInfo(request));
      return reply.code(202).send({ message: RESEND_ACCEPTED });
    },
  );

  app.post(
    '/login',
    {
      schema: {
        tags,
        summary: 'Sign in with e-mail and password',
        body: loginRequestSchema,
        response: { 200: sessionResponseSchema },
      },
    },
    async (request) => {
      const { token, user } = await logIn(ctx, request.body, clientInfo(request));
      return { token, user: presentSessionUser(user) };
    },
  );

  app.post(
    '/password/reset',
    {
      schema: {
        tags,
        summary: 'Mail a password reset link (202 whatever the address)',
        body: passwordResetRequestSchema,
        response: { 202: acceptedResponseSchema },
      },
    },
    async (request, reply) => {
      await requestPasswordReset(ctx, request.body.email, clientInfo(request));
      return reply.code(202).send({ message: RESET_ACCEPTED });
    },
  );

  app.post(
    '/password/set',
    {
      schema: {
        tags,
        summary: 'Set a new password with the mailed reset token; ends every session',
        body: passwordSetRequestSchema,
        response: { 200: acceptedResponseSchema },
      },
    },
    async (request) => {
      await setPasswordWithToken(ctx, request.body.token, request.body.password);
      return { message: PASSWORD_SET };
    },
  );
};
