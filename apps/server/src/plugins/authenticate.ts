import type { Session, User } from '@codedocs/db';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from '../errors/index';
import { authenticateSessionToken } from '../services/auth/session-service';
import type { Authenticated } from '../services/auth/session-service';
import type { ClientInfo } from '../services/context';

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook for routes that need a signed-in user (401 otherwise). */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    /** The signed-in user; set by `app.authenticate`, null on public routes. */
    user: User | null;
    /** The session of the presented token; set with `user`. */
    session: Session | null;
    /** The full authentication, for services that need the token id. */
    auth: Authenticated | null;
  }
}

/** The bearer token of the Authorization header; the `jwt` cookie alone never counts. */
function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1];
}

/** The authenticated state of a request whose route ran `app.authenticate`. */
export function requireAuth(request: FastifyRequest): Authenticated {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/**
 * The signed-in user's authentication, on a route of the signed-in scope (`signedInScope`):
 * the scope authenticated the request before the handler ran.
 */
export const signedIn = requireAuth;

/** The signed-in user's id, on a route of the signed-in scope. */
export function userIdOf(request: FastifyRequest): string {
  return requireAuth(request).user.id;
}

/** How OpenAPI documents a route of the signed-in scope. */
const BEARER = [{ bearerAuth: [] }];

/**
 * Makes the scope it is registered in a signed-in one: every route registered in it afterwards
 * authenticates first (401 without a valid bearer token) and is documented as needing the token.
 * Public routes are registered outside it.
 */
export async function signedInScope(scope: FastifyInstance): Promise<void> {
  scope.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, security: BEARER };
  });
  scope.addHook('onRequest', scope.authenticate);
}

/** Client address and user agent, as sessions record them and throttles key them. */
export function clientInfo(request: FastifyRequest): ClientInfo {
  const info: ClientInfo = { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
  const linkBase = loopbackOrigin(request);
  if (linkBase) info.linkBase = linkBase;
  return info;
}

/** This machine's own names: a Host header naming one of them reaches this server only. */
const LOOPBACK_HOST = /^(?:localhost|127\.0\.0\.1|\[::1\])(?::\d{1,5})?$/i;

/**
 * `http://<host>` of the request when no PUBLIC_URL is configured and the Host header is a
 * loopback name (the embedded default opened as 127.0.0.1 or localhost), else undefined.
 */
function loopbackOrigin(request: FastifyRequest): string | undefined {
  if (request.server.config.publicUrlConfigured) return undefined;
  const host = request.headers.host ?? '';
  return LOOPBACK_HOST.test(host) ? `http://${host.toLowerCase()}` : undefined;
}

/**
 * Session authentication (DESIGN.md section 5): reads only `Authorization: Bearer`, checks the
 * token against its session row, and decorates the request with the user and session.
 */
export const authenticatePlugin = fp(
  async (app) => {
    app.decorateRequest('user', null);
    app.decorateRequest('session', null);
    app.decorateRequest('auth', null);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const token = bearerToken(request);
      if (!token) throw unauthorized();
      const auth = await authenticateSessionToken(app.services, token);
      request.auth = auth;
      request.user = auth.user;
      request.session = auth.session;
    });
  },
  { name: 'authenticate', dependencies: ['accounts'] },
);
