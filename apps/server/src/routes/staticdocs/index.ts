import {
  folderFileParamsSchema,
  folderFilesRequestSchema,
  folderIdParamsSchema,
  folderListResponseSchema,
  folderMetadataResponseSchema,
  generateFolderRequestSchema,
  generateFolderResponseSchema,
  openFolderResponseSchema,
  staticdocsPageQuerySchema,
} from '@codedocs/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userIdOf } from '../../plugins/authenticate';
import { appAddressOf } from './app-address';
import { attachment } from './attachment';
import {
  deleteCreatedFolder,
  deleteSharedFolder,
  folderMetadata,
  generateFolder,
  listFolders,
  openFolderFile,
  updateFolder,
  zipFolder,
} from '../../services/sites/staticdocs-service';
import { openFolderSite } from '../../services/sites/site-links';

const tags = ['staticdocs'];

/**
 * Static documentation folders (spec section 7 staticdocs rows, under `/api/v1`): build a
 * compilation into a folder, list and page folders and their files, download one file or a zip,
 * update and delete. Another user's folder answers 404 everywhere.
 */
export const staticdocsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/staticdocs/generate/compilation',
    {
      schema: {
        tags,
        summary: 'Build a compilation into a new static documentation folder (a job)',
        body: generateFolderRequestSchema,
        response: { 202: generateFolderResponseSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(await generateFolder(app.services, app.jobs.queue, userIdOf(request), request.body)),
  );

  app.post(
    '/staticdocs/folder/:id/update',
    {
      schema: {
        tags,
        summary: "Rebuild a folder from its compilation at the repositories' current commits",
        params: folderIdParamsSchema,
        response: { 202: generateFolderResponseSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(
          await updateFolder(app.services, app.jobs.queue, userIdOf(request), request.params.id),
        ),
  );

  for (const which of ['creator', 'shared'] as const) {
    app.get(
      `/staticdocs/folders/${which}`,
      {
        schema: {
          tags,
          summary:
            which === 'creator'
              ? "The caller's folders, newest first"
              : 'Folders shared with the caller, newest share first',
          querystring: staticdocsPageQuerySchema,
          response: { 200: folderListResponseSchema },
        },
      },
      async (request) => listFolders(app.services, userIdOf(request), which, request.query),
    );
  }

  app.get(
    '/staticdocs/folder/:id/metadata',
    {
      schema: {
        tags,
        summary: 'A folder and a page of its files (by path)',
        params: folderIdParamsSchema,
        querystring: staticdocsPageQuerySchema,
        response: { 200: folderMetadataResponseSchema },
      },
    },
    async (request) =>
      folderMetadata(app.services, userIdOf(request), request.params.id, request.query),
  );

  app.get(
    '/staticdocs/folder/:id/files',
    {
      schema: {
        tags,
        summary: "A zip of the folder's whole site (index.html at its root), streamed",
        params: folderIdParamsSchema,
      },
    },
    async (request, reply) => {
      const zip = await zipFolder(app.services, userIdOf(request), request.params.id);
      return attachment(reply.type('application/zip'), zip.name).send(zip.stream);
    },
  );

  app.post(
    '/staticdocs/folder/:id/files',
    {
      schema: {
        tags,
        summary: 'A zip of the chosen files of a folder',
        params: folderIdParamsSchema,
        body: folderFilesRequestSchema,
      },
    },
    async (request, reply) => {
      const zip = await zipFolder(
        app.services,
        userIdOf(request),
        request.params.id,
        request.body.file_ids,
      );
      return attachment(reply.type('application/zip'), zip.name).send(zip.stream);
    },
  );

  app.get(
    '/staticdocs/folder/:id/file/:file_id',
    {
      schema: {
        tags,
        summary: 'One file of a folder, with its content type (never run as a page of the app)',
        params: folderFileParamsSchema,
      },
    },
    async (request, reply) => {
      const file = await openFolderFile(
        app.services,
        userIdOf(request),
        request.params.id,
        request.params.file_id,
      );
      // a site's HTML opened from the API must not run with the app's origin
      return reply
        .type(file.contentType)
        .header('content-length', String(file.size))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', 'sandbox')
        .header('cache-control', 'private, no-cache')
        .send(file.stream);
    },
  );

  app.post(
    '/staticdocs/folder/:id/open',
    {
      schema: {
        tags,
        summary: "A short-lived address of the folder's site (read-only, this folder only)",
        params: folderIdParamsSchema,
        response: { 200: openFolderResponseSchema },
      },
    },
    async (request) =>
      openFolderSite(app.services, userIdOf(request), request.params.id, appAddressOf(request)),
  );

  app.delete(
    '/staticdocs/folders/created/:id',
    {
      schema: {
        tags,
        summary: 'Delete one of your folders, its files and its shares',
        params: folderIdParamsSchema,
      },
    },
    async (request, reply) => {
      await deleteCreatedFolder(app.services, userIdOf(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.delete(
    '/staticdocs/folders/shared/:id',
    {
      schema: {
        tags,
        summary: 'Take a folder shared with you off your list (it stays for its owner)',
        params: folderIdParamsSchema,
      },
    },
    async (request, reply) => {
      await deleteSharedFolder(app.services, userIdOf(request), request.params.id);
      return reply.code(204).send();
    },
  );
};
