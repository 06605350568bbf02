import {
  compilationAddObjectsRequestSchema,
  compilationChangeResponseSchema,
  compilationIdParamsSchema,
  compilationMetadataResponseSchema,
  compilationNameRequestSchema,
  compilationObjectParamsSchema,
  compilationObjectsResponseSchema,
  compilationOrderRequestSchema,
  compilationRemoveObjectsRequestSchema,
  compilationResponseSchema,
  objectSearchQuerySchema,
  objectSearchResponseSchema,
} from '@codedocs/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userIdOf } from '../../plugins/authenticate';
import { sendSerialized } from '../../presenters/serialized-json';
import {
  addCompilationObjects,
  createCompilation,
  deleteOwnCompilation,
  listCompilationMetadata,
  listCompilationObjects,
  orderCompilation,
  removeCompilationObjects,
  renameOwnCompilation,
  searchUserObjects,
} from '../../services/compilations/compilation-service';

const tags = ['compilation'];

/**
 * Compilations ("pockets", spec section 7, under `/api/v0`): the six spec calls, plus rename,
 * order, removing a selection and the cross-repository object search their screen needs.
 */
export const compilationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/compilation/metadata',
    {
      schema: {
        tags,
        summary: "The caller's compilations with per-repository counts",
        response: { 200: compilationMetadataResponseSchema },
      },
    },
    async (request) => ({
      metadata: await listCompilationMetadata(app.services, userIdOf(request)),
    }),
  );

  app.post(
    '/compilation',
    {
      schema: {
        tags,
        summary: 'Create a compilation (names are unique per user)',
        body: compilationNameRequestSchema,
        response: { 201: compilationResponseSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        compilation: await createCompilation(app.services, userIdOf(request), request.body.name),
      }),
  );

  app.patch(
    '/compilation/:id',
    {
      schema: {
        tags,
        summary: 'Rename a compilation',
        params: compilationIdParamsSchema,
        body: compilationNameRequestSchema,
        response: { 200: compilationResponseSchema },
      },
    },
    async (request) => ({
      compilation: await renameOwnCompilation(
        app.services,
        userIdOf(request),
        request.params.id,
        request.body.name,
      ),
    }),
  );

  app.delete(
    '/compilation/:id',
    {
      schema: {
        tags,
        summary: 'Delete a compilation',
        params: compilationIdParamsSchema,
      },
    },
    async (request, reply) => {
      await deleteOwnCompilation(app.services, userIdOf(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/compilation/:id/object/metadata',
    {
      schema: {
        tags,
        summary: "A compilation's objects in order, with their status at each repository's head",
        params: compilationIdParamsSchema,
        response: { 200: compilationObjectsResponseSchema },
      },
    },
    async (request, reply) =>
      sendSerialized(
        request,
        reply,
        await listCompilationObjects(app.services, userIdOf(request), request.params.id),
      ),
  );

  app.post(
    '/compilation/object',
    {
      schema: {
        tags,
        summary: 'Add objects to a compilation (idempotent; all or nothing)',
        body: compilationAddObjectsRequestSchema,
        response: { 200: compilationChangeResponseSchema },
      },
    },
    async (request) => addCompilationObjects(app.services, userIdOf(request), request.body),
  );

  app.delete(
    '/compilation/:id/object/:object_id',
    {
      schema: {
        tags,
        summary: 'Remove one object from a compilation',
        params: compilationObjectParamsSchema,
        response: { 200: compilationChangeResponseSchema },
      },
    },
    async (request) =>
      removeCompilationObjects(
        app.services,
        userIdOf(request),
        request.params.id,
        [request.params.object_id],
        { single: true },
      ),
  );

  app.post(
    '/compilation/:id/object/remove',
    {
      schema: {
        tags,
        summary: 'Remove a selection of objects from a compilation',
        params: compilationIdParamsSchema,
        body: compilationRemoveObjectsRequestSchema,
        response: { 200: compilationChangeResponseSchema },
      },
    },
    async (request) =>
      removeCompilationObjects(
        app.services,
        userIdOf(request),
        request.params.id,
        request.body.object_ids,
        { single: false },
      ),
  );

  app.put(
    '/compilation/:id/order',
    {
      schema: {
        tags,
        summary: "Set the order of a compilation's objects (every object once)",
        params: compilationIdParamsSchema,
        body: compilationOrderRequestSchema,
        response: { 200: compilationObjectsResponseSchema },
      },
    },
    async (request, reply) =>
      sendSerialized(
        request,
        reply,
        await orderCompilation(
          app.services,
          userIdOf(request),
          request.params.id,
          request.body.object_ids,
        ),
      ),
  );

  app.get(
    '/objects/search',
    {
      schema: {
        tags,
        summary: "Search the caller's objects across repositories (paged by cursor)",
        querystring: objectSearchQuerySchema,
        response: { 200: objectSearchResponseSchema },
      },
    },
    async (request) => searchUserObjects(app.services, userIdOf(request), request.query),
  );
};
