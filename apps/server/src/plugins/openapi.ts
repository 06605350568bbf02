import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { APP_VERSION } from '../version';

/** Where the OpenAPI document and its browsable UI live. */
export const OPENAPI_JSON_PATH = '/api/openapi.json';
export const API_DOCS_PATH = '/api/docs';

/**
 * The OpenAPI 3.1 document, generated from the same zod schemas that validate requests, served as
 * JSON and browsable with Swagger UI. Must be registered before the routes it documents.
 */
export const openapiPlugin = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'CodeDocs API',
          version: APP_VERSION,
          description:
            'Errors are JSON `{statusCode, code, message, field?}`; 5xx answers never carry internals.',
        },
        servers: [],
        components: {
          securitySchemes: {
            // The session token: the SPA reads the jwt cookie and sends it here (never the cookie).
            bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          },
        },
      },
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
    });
    await app.register(swaggerUi, {
      routePrefix: API_DOCS_PATH,
      // The badge would load an image from validator.swagger.io, which the CSP blocks.
      uiConfig: { validatorUrl: null },
    });
    app.get(OPENAPI_JSON_PATH, { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'openapi' },
);
