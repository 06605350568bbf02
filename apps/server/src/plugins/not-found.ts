import { ErrorCode } from '@codedocs/contract';
import fp from 'fastify-plugin';
import { AppError, notFound } from '../errors/index';
import { RouteIndex } from '../routing/route-index';
import { wantsAppShell } from './spa';

/** The SPA's invitation pages (`/invite/folder/private/:slug`). */
const INVITE_PAGES = '/invite/';

/**
 * What happens when no route matches: browser navigations get the SPA (history fallback), API
 * paths get a JSON 404, or 405 with Allow when the path exists under another method. Register
 * before the routes so the index sees them all; 404s count against the rate limit too, which
 * keeps scanners in check.
 */
export const notFoundPlugin = fp(
  async (app) => {
    const apiRoutes = new RouteIndex();
    app.addHook('onRoute', (route) => {
      if (route.url.startsWith('/api/')) apiRoutes.add(route.method, route.url);
    });

    app.setNotFoundHandler({ preHandler: app.rateLimit() }, async (request, reply) => {
      const path = request.url.split('?')[0] ?? '/';
      if (wantsAppShell(request.method, path, request.headers.accept)) {
        // an invitation page carries its slug in the address: never indexed, never referred
        if (path.startsWith(INVITE_PAGES)) {
          reply
            .header('x-robots-tag', 'noindex, nofollow')
            .header('referrer-policy', 'no-referrer');
        }
        return reply.sendAppShell();
      }
      const allowed = path.startsWith('/api/') ? apiRoutes.allowedMethods(path) : [];
      if (allowed.length > 0) {
        reply.header('allow', allowed.join(', '));
        throw new AppError(
          ErrorCode.methodNotAllowed,
          `Method ${request.method} is not allowed for ${path}; use ${allowed.join(', ')}`,
        );
      }
      throw notFound(`Route ${request.method} ${path} not found`);
    });
  },
  { name: 'not-found', dependencies: ['rate-limit', 'spa'] },
);
