import Fastify from 'fastify';
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { accountsPlugin } from './plugins/accounts';
import { activityPlugin } from './plugins/activity';
import { authenticatePlugin } from './plugins/authenticate';
import { cookiesPlugin } from './plugins/cookies';
import { dbPlugin } from './plugins/db';
import { errorHandlerPlugin } from './plugins/error-handler';
import { gitChildrenPlugin } from './plugins/git-children';
import { jobsPlugin } from './plugins/jobs';
import { createLogger } from './plugins/logger';
import { notFoundPlugin } from './plugins/not-found';
import { openapiPlugin } from './plugins/openapi';
import { rateLimitPlugin } from './plugins/rate-limit';
import { securityHeadersPlugin } from './plugins/security-headers';
import { spaPlugin } from './plugins/spa';
import { zodPlugin } from './plugins/zod';
import { apiRoutes } from './routes/index';
import { siteRoutes } from './routes/staticdocs/site-routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The validated configuration this app was built with. */
    config: Config;
  }
}

/** The application instance with zod schemas as its type provider. */
export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** Fastify's typings take a hop count as a function of the hop index (proxy-addr semantics). */
function fastifyTrustProxy(trust: Config['trustProxy']) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

/**
 * Builds the whole server (plugins, then routes) without listening, so tests drive it with
 * `app.inject` and `server.ts` calls `listen`. Routes may still be added until `ready()`.
 */
export async function buildApp(config: Config): Promise<App> {
  const logger: FastifyBaseLogger = createLogger(config);
  const app = Fastify({
    loggerInstance: logger,
    bodyLimit: config.bodyLimit,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // a site link carries its signed token as a path segment (/sites/<token>/…), ~300 characters
    routerOptions: { maxParamLength: 1000 },
  }).withTypeProvider<ZodTypeProvider>();
  app.decorate('config', config);

  // Infrastructure first, in the order a request meets it.
  await app.register(zodPlugin);
  await app.register(errorHandlerPlugin);
  await app.register(dbPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(rateLimitPlugin);
  await app.register(cookiesPlugin);
  await app.register(openapiPlugin);
  await app.register(spaPlugin);
  await app.register(notFoundPlugin);
  await app.register(activityPlugin);
  await app.register(accountsPlugin);
  await app.register(authenticatePlugin);
  await app.register(gitChildrenPlugin);
  await app.register(jobsPlugin);

  await app.register(apiRoutes, { prefix: '/api' });
  await app.register(siteRoutes);
  return app;
}
