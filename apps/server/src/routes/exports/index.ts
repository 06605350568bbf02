import {
  createExportRequestSchema,
  createExportResponseSchema,
  exportDocumentSchema,
  exportIdParamsSchema,
  exportListQuerySchema,
  exportListResponseSchema,
  exportSchema,
} from '@codedocs/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userIdOf } from '../../plugins/authenticate';
import {
  createExport,
  deleteExport,
  downloadExport,
  exportDocumentOf,
  exportPatchText,
  listExports,
  ownExport,
  presentExport,
} from '../../services/exports/export-service';
import { attachment } from '../staticdocs/attachment';

const tags = ['exports'];

/**
 * Exports beyond sites (issue 22, under `/api/v1`): Markdown, JSON and write-back patches of a
 * compilation or repository, built as jobs; the history, the patch's text (shown as a diff)
 * and downloads. Another user's export or source answers 404.
 */
export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/exports',
    {
      schema: {
        tags,
        summary:
          'Export a compilation or repository as Markdown, JSON or a write-back patch (a job)',
        body: createExportRequestSchema,
        response: { 202: createExportResponseSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(await createExport(app.services, app.jobs.queue, userIdOf(request), request.body)),
  );

  app.get(
    '/exports',
    {
      schema: {
        tags,
        summary: "The caller's exports, newest first",
        querystring: exportListQuerySchema,
        response: { 200: exportListResponseSchema },
      },
    },
    async (request) => listExports(app.services, userIdOf(request), request.query),
  );

  app.get(
    '/exports/:id',
    {
      schema: {
        tags,
        summary: 'One export',
        params: exportIdParamsSchema,
        response: { 200: exportSchema },
      },
    },
    async (request) =>
      presentExport(await ownExport(app.services, userIdOf(request), request.params.id)),
  );

  app.get(
    '/exports/:id/patch',
    {
      schema: {
        tags,
        summary: "A patch export's unified diff, as text (to show before download)",
        params: exportIdParamsSchema,
      },
    },
    async (request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-cache')
        .send(await exportPatchText(app.services, userIdOf(request), request.params.id)),
  );

  app.get(
    '/exports/:id/document',
    {
      schema: {
        tags,
        summary: "A JSON export's document (schema CodedocsExport, version 1)",
        params: exportIdParamsSchema,
        response: { 200: exportDocumentSchema },
      },
    },
    async (request) => exportDocumentOf(app.services, userIdOf(request), request.params.id),
  );

  app.get(
    '/exports/:id/download',
    {
      schema: {
        tags,
        summary: 'The export: a zip of the Markdown folder, the JSON document or the patch',
        params: exportIdParamsSchema,
      },
    },
    async (request, reply) => {
      const file = await downloadExport(app.services, userIdOf(request), request.params.id);
      return attachment(reply.type(file.contentType), file.name)
        .header('x-content-type-options', 'nosniff')
        .send(file.stream);
    },
  );

  app.delete(
    '/exports/:id',
    {
      schema: {
        tags,
        summary: 'Delete an export and its files',
        params: exportIdParamsSchema,
      },
    },
    async (request, reply) => {
      await deleteExport(app.services, userIdOf(request), request.params.id);
      return reply.code(204).send();
    },
  );
};
