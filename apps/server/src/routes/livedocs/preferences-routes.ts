import { generationPreferencesSchema, generationPreferencesUpdateSchema } from '@codedocs/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/authenticate';
import { getPreferences, updatePreferences } from '../../services/livedocs/preferences-service';

/** `GET/PUT /api/v2/livedocs/preferences`: the caller's doc styles and the prose model. */
export const livedocsPreferencesRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = { tags: ['livedocs'], security: [{ bearerAuth: [] }] };
  app.get(
    '/livedocs/preferences',
    {
      onRequest: app.authenticate,
      schema: {
        ...schema,
        summary: 'Generation preferences: doc style per language, the prose model',
        response: { 200: generationPreferencesSchema },
      },
    },
    async (request) => getPreferences(app.services, requireAuth(request).user.id),
  );
  app.put(
    '/livedocs/preferences',
    {
      onRequest: app.authenticate,
      schema: {
        ...schema,
        summary: 'Change doc styles',
        body: generationPreferencesUpdateSchema,
        response: { 200: generationPreferencesSchema },
      },
    },
    async (request) => updatePreferences(app.services, requireAuth(request).user.id, request.body),
  );
};
