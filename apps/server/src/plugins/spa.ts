import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyReply {
    /** Answers with the SPA's index.html (or a note that the SPA is not built). */
    sendAppShell(): FastifyReply;
  }
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** Shown instead of the SPA when WEB_DIST_DIR holds no build, so the API still runs. */
export function notBuiltPage(webDistDir: string): string {
  const escaped = webDistDir.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>CodeDocs</title></head>
<body>
<h1>CodeDocs</h1>
<p>The API is running, but the web app has not been built: no index.html in <code>${escaped}</code>.</p>
<p>Run <code>npm run build</code> (or <code>npm start</code>, which builds what is missing) and restart the server.
The API is documented at <a href="/api/docs">/api/docs</a>.</p>
</body>
</html>
`;
}

/**
 * Whether an unmatched request is a browser navigation to a client-side route (`/app/dashboard`),
 * which gets index.html. API paths never fall back; neither do missing files (a name with an
 * extension, or anything under /assets/) unless the client asked for HTML explicitly.
 */
export function wantsAppShell(method: string, path: string, accept: string | undefined): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (path === '/api' || path.startsWith('/api/')) return false;
  const acceptValue = accept ?? '*/*';
  if (acceptValue.includes('text/html')) return true;
  if (!acceptValue.includes('*/*')) return false;
  const lastSegment = path.slice(path.lastIndexOf('/') + 1);
  return !path.startsWith('/assets/') && !lastSegment.includes('.');
}

/**
 * Serves the built SPA from WEB_DIST_DIR: hashed files under /assets/ cached for a year, everything
 * else (index.html above all) revalidated on each load so a new deploy shows up at once. The
 * history fallback itself lives in the not-found handler, which calls `reply.sendAppShell()`.
 */
export const spaPlugin = fp(
  async (app) => {
    const root = app.config.webDistDir;
    if (!existsSync(join(root, 'index.html'))) {
      app.log.warn({ webDistDir: root }, 'web app not built; serving the API only');
      const page = notBuiltPage(root);
      app.decorateReply('sendAppShell', function (this: FastifyReply) {
        return this.code(200)
          .type('text/html; charset=utf-8')
          .header('cache-control', REVALIDATE)
          .send(page);
      });
      app.get('/', { schema: { hide: true } }, (_request, reply) => reply.sendAppShell());
      return;
    }

    const assetsDir = join(root, 'assets') + sep;
    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      index: ['index.html'],
      cacheControl: false,
      setHeaders(reply, path) {
        reply.header('cache-control', path.startsWith(assetsDir) ? IMMUTABLE : REVALIDATE);
      },
    });
    app.decorateReply('sendAppShell', function (this: FastifyReply) {
      return this.sendFile('index.html');
    });
  },
  { name: 'spa' },
);
