import {
  emailShareRequestSchema,
  emailShareResponseSchema,
  folderIdParamsSchema,
  folderSharesResponseSchema,
  invitePreviewResponseSchema,
  privateFolderResponseSchema,
  privateShareRequestSchema,
  privateShareResponseSchema,
  publicFolderResponseSchema,
  publicShareResponseSchema,
  shareParamsSchema,
  shareSlugParamsSchema,
  staticdocsPageQuerySchema,
} from '@codedocs/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isAppError } from '../../errors/index';
import { clientInfo, signedIn, userIdOf } from '../../plugins/authenticate';
import { linkBaseOf } from '../../services/context';
import {
  LINK_NOT_FOUND,
  openPrivateShare,
  openPublicShare,
  previewPrivateShare,
} from '../../services/sites/share-links-service';
import {
  createEmailShares,
  createPrivateShare,
  createPublicShare,
  listShares,
  revokeFolderShare,
} from '../../services/sites/sharing-service';
import { appAddressOf } from './app-address';

const tags = ['staticdocs'];

/** A browser opening a link (it asks for HTML first), not a JSON client. */
function wantsPage(request: FastifyRequest): boolean {
  return /^\s*text\/html/.test(request.headers.accept ?? '');
}

/** Answers of this scope carry `X-Robots-Tag: noindex` and `Referrer-Policy: no-referrer`. */
function neverIndexedNorReferred(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-robots-tag', 'noindex, nofollow').header('referrer-policy', 'no-referrer');
    return payload;
  });
}

/**
 * Sharing folders (issue 17, spec section 7 share rows, under `/api/v1`). Owner (and editor)
 * routes make, list and revoke shares; link routes open a slug. Everything here answers with
 * `X-Robots-Tag: noindex` and `Referrer-Policy: no-referrer`, so a link is neither indexed nor
 * leaked to the sites a shared page links to.
 */
export const shareRoutes: FastifyPluginAsyncZod = async (app) => {
  neverIndexedNorReferred(app);

  app.post(
    '/staticdocs/folder/:id/share/public',
    {
      schema: {
        tags,
        summary: 'Make a public link to the folder (owner); any previous public link is revoked',
        params: folderIdParamsSchema,
        response: { 201: publicShareResponseSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await createPublicShare(
            app.services,
            userIdOf(request),
            request.params.id,
            appAddressOf(request),
          ),
        ),
  );

  app.post(
    '/staticdocs/folder/:id/share/private',
    {
      schema: {
        tags,
        summary:
          'Make a private link with a permission and an expiry (owner: viewer or editor; editor: viewer)',
        params: folderIdParamsSchema,
        body: privateShareRequestSchema,
        response: { 201: privateShareResponseSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await createPrivateShare(
            app.services,
            userIdOf(request),
            request.params.id,
            request.body,
            appAddressOf(request),
          ),
        ),
  );

  app.post(
    '/staticdocs/folder/:id/share/email',
    {
      schema: {
        tags,
        summary: 'Invite addresses by e-mail (always viewer): one mail and single-use link each',
        params: folderIdParamsSchema,
        body: emailShareRequestSchema,
        response: { 201: emailShareResponseSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await createEmailShares(
            app.services,
            userIdOf(request),
            request.params.id,
            request.body,
            linkBaseOf(app.config, clientInfo(request)),
          ),
        ),
  );

  app.get(
    '/staticdocs/folder/:id/shares',
    {
      schema: {
        tags,
        summary:
          "The folder's shares with status, opens and last opening (owner: all; editor: their own)",
        params: folderIdParamsSchema,
        querystring: staticdocsPageQuerySchema,
        response: { 200: folderSharesResponseSchema },
      },
    },
    async (request) =>
      listShares(app.services, userIdOf(request), request.params.id, request.query),
  );

  app.delete(
    '/staticdocs/folder/:id/share/:share_id',
    {
      schema: {
        tags,
        summary: 'Revoke a share at once (owner: any; editor: their own)',
        params: shareParamsSchema,
      },
    },
    async (request, reply) => {
      await revokeFolderShare(
        app.services,
        userIdOf(request),
        request.params.id,
        request.params.share_id,
      );
      return reply.code(204).send();
    },
  );

  app.get(
    '/staticdocs/private/:slug',
    {
      schema: {
        tags,
        summary:
          "Open a private link or e-mail invitation: adds the folder to the caller's shared list",
        params: shareSlugParamsSchema,
        response: { 200: privateFolderResponseSchema },
      },
    },
    async (request) =>
      openPrivateShare(
        app.services,
        signedIn(request).user,
        request.params.slug,
        clientInfo(request),
        appAddressOf(request),
      ),
  );
};

/** Share links as a visitor opens them, before any login (public). */
export const shareLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  neverIndexedNorReferred(app);
  app.get(
    '/staticdocs/public/:slug',
    {
      schema: {
        tags,
        summary:
          'Open a public link (no login): the folder and a link to its site; a browser is sent on to the site',
        params: shareSlugParamsSchema,
        response: { 200: publicFolderResponseSchema },
      },
    },
    async (request, reply) => {
      try {
        const opened = await openPublicShare(
          app.services,
          request.params.slug,
          clientInfo(request),
          appAddressOf(request),
        );
        if (wantsPage(request) && opened.site) return reply.redirect(opened.site.url, 303);
        return opened;
      } catch (error) {
        if (!wantsPage(request) || !isAppError(error) || error.statusCode !== 404) throw error;
        // a browser gets a sentence, not the JSON error body (outside the response schema)
        const page = reply as FastifyReply;
        return page.code(404).type('text/plain; charset=utf-8').send(`${LINK_NOT_FOUND}.`);
      }
    },
  );

  app.get(
    '/staticdocs/private/:slug/preview',
    {
      schema: {
        tags,
        summary:
          'What an invitation page shows before opening (no login): folder, owner, permission, expiry',
        params: shareSlugParamsSchema,
        response: { 200: invitePreviewResponseSchema },
      },
    },
    async (request) => previewPrivateShare(app.services, request.params.slug, clientInfo(request)),
  );
};
