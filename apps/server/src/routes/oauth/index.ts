import {
  ErrorCode,
  oauthAuthorizeQuerySchema,
  oauthCallbackRequestSchema,
  oauthCallbackResponseSchema,
  oauthProviderSchema,
} from '@codedocs/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TOKEN_LIFETIME_SECONDS } from '../../auth/tokens';
import { AppError, notFound } from '../../errors/index';
import { clientInfo } from '../../plugins/authenticate';
import { presentSessionUser } from '../../presenters/user-presenter';
import { finishAuthorization, startAuthorization } from '../../services/oauth/oauth-service';
import { ProviderError } from '../../services/oauth/provider';
import { createOAuthClients } from '../../services/oauth/registry';

/** The cookie that carries state, PKCE verifier and nonce from authorize to callback. */
export const OAUTH_STATE_COOKIE = 'oauth_state';
const COOKIE_PATH = '/api/v1/oauth';

const params = z.object({ provider: z.string().max(40) });

/**
 * `/api/v1/oauth/{provider}`: authorize (302 to the provider) and callback (the SPA posts the code
 * and state it was sent back with). Providers without credentials answer 404.
 */
export const oauthRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.services;
  const clients = createOAuthClients(app.config);
  const secure = app.config.publicUrl.startsWith('https:');

  function providerOf(name: string) {
    const id = oauthProviderSchema.safeParse(name);
    const found = id.success ? clients.get(id.data) : undefined;
    if (!found) throw notFound('Unknown sign-in provider');
    return found;
  }

  function clearStateCookie(reply: FastifyReply) {
    void reply.clearCookie(OAUTH_STATE_COOKIE, {
      path: COOKIE_PATH,
      httpOnly: true,
      secure,
      sameSite: 'lax',
    });
  }

  app.get(
    '/:provider/authorize',
    {
      schema: {
        tags: ['oauth'],
        summary: 'Start a sign-in with a provider (302)',
        params,
        querystring: oauthAuthorizeQuerySchema,
      },
    },
    async (request, reply) => {
      const provider = providerOf(request.params.provider);
      let started;
      try {
        started = await startAuthorization(ctx, provider, request.query.next);
      } catch (error) {
        if (error instanceof ProviderError) {
          throw new AppError(
            ErrorCode.serviceUnavailable,
            'The sign-in provider cannot be reached',
            { cause: error },
          );
        }
        throw error;
      }
      return reply
        .setCookie(OAUTH_STATE_COOKIE, started.stateToken, {
          path: COOKIE_PATH,
          httpOnly: true,
          secure,
          sameSite: 'lax',
          maxAge: TOKEN_LIFETIME_SECONDS['oauth-state'],
        })
        .header('cache-control', 'no-store')
        .redirect(started.url.href, 302);
    },
  );

  app.post(
    '/:provider/callback',
    {
      schema: {
        tags: ['oauth'],
        summary: 'Finish a sign-in: redeem the code and start a session',
        params,
        body: oauthCallbackRequestSchema,
        response: { 200: oauthCallbackResponseSchema },
      },
    },
    async (request, reply) => {
      const provider = providerOf(request.params.provider);
      try {
        const { token, user, next } = await finishAuthorization(
          ctx,
          provider,
          request.body,
          request.cookies[OAUTH_STATE_COOKIE],
          clientInfo(request),
        );
        clearStateCookie(reply);
        return { token, user: { ...presentSessionUser(user), login_method: provider.id }, next };
      } catch (error) {
        if (error instanceof ProviderError) {
          request.log.warn(
            { provider: provider.id, reason: error.message },
            'oauth sign-in refused',
          );
          throw new AppError(
            ErrorCode.unauthorized,
            'The provider did not confirm the sign-in; try again',
          );
        }
        throw error;
      }
    },
  );
};
