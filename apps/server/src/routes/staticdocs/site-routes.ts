import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { siteFileOfToken } from '../../services/sites/site-links';

/**
 * How a site's pages are served from the app's origin (DESIGN.md sections 7 and 8): sandboxed
 * without `allow-same-origin`, so a page runs in an opaque origin and can never read the app's
 * cookies or storage nor call its API with them; no plugins, no forms, nothing framed from
 * elsewhere. A site's own CSP meta tag forbids every external request besides.
 */
export const SITE_CONTENT_SECURITY_POLICY =
  "sandbox allow-scripts allow-popups allow-popups-to-escape-sandbox; default-src 'self' data:; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self' data:; connect-src 'none'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'";

/**
 * `GET /sites/{token}/…`: a file of the folder the short-lived `site` token names (made by
 * `POST /api/v1/staticdocs/folder/{id}/open`, a private link, or a public link). Every request
 * checks that the token verifies and that its access still holds (the user may still see the
 * folder; the public link is neither revoked nor expired); anything else is a plain 404. Never
 * indexed, never sending a referrer.
 */
export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sites/:token/*',
    {
      schema: {
        hide: true,
        params: z.object({ token: z.string().min(1).max(2000), '*': z.string().max(2000) }),
      },
    },
    async (request, reply) => {
      const file = await siteFileOfToken(app.services, request.params.token, request.params['*']);
      reply
        .header('content-security-policy', SITE_CONTENT_SECURITY_POLICY)
        // the sandboxed page has an opaque origin, so its own styles and scripts are
        // cross-origin requests; helmet's `same-origin` would block every one of them
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('x-content-type-options', 'nosniff')
        .header('referrer-policy', 'no-referrer')
        .header('x-robots-tag', 'noindex, nofollow')
        .header('cache-control', 'private, no-cache');
      if (!file) {
        return reply
          .code(404)
          .type('text/plain; charset=utf-8')
          .send('This link has expired or the site is no longer available.');
      }
      return reply.type(file.contentType).send(file.stream);
    },
  );
};
