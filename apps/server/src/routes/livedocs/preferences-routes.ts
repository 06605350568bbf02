import { generationPreferencesSchema, generationPreferencesUpdateSchema } from '@codedocs/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userIdOf } from '../../plugins/authenticate';
import { getPreferences, updatePreferences } from '../../services/livedocs/preferences-service';

/** `GET/PUT /api/v2/livedocs/preferences`: the caller's doc styles and the prose model. */
export const livedocsPreferencesRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = { tags: ['livedocs'] };
  app.get(
    '/livedocs/preferences',
    {
      schema: {
        ...schema,
        summary: 'Generation preferences: doc style per language, the prose model',
        response: { 200: generationPreferencesSchema },
      },
    },
    async (request) => getPreferences(app.services, userIdOf(request)),
  );
  app.put(
    '/livedocs/preferences',
    {
      schema: {
        ...schema,
        summary: 'Change doc styles',
        body: generationPreferencesUpdateSchema,
        response: { 200: generationPreferencesSchema },
      },
    },
    async (request) => updatePreferences(app.services, userIdOf(request), request.body),
  );
};
