import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects } from '../test/test-app';
import type { TestApp } from '../test/test-app';

const dialects = await testDialects();

interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
  components?: { schemas?: Record<string, unknown> };
}

describe.each(dialects)('OpenAPI on %s', (dialect) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp(dialect);
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('serves an OpenAPI 3 document that describes /api/health', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const document = response.json<OpenApiDocument>();
    expect(document.openapi).toMatch(/^3\.\d+\.\d+$/);
    expect(document.info.title).toBe('CodeDocs API');
    const health = document.paths['/api/health']?.get;
    expect(health?.responses).toHaveProperty('200');
    expect(health?.responses).toHaveProperty('503');
    expect(document.components?.schemas).toHaveProperty('HealthResponse');
  });

  it('leaves its own plumbing out of the document', async () => {
    const document = (
      await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' })
    ).json<OpenApiDocument>();
    const paths = Object.keys(document.paths);
    expect(paths.filter((path) => !path.startsWith('/api/'))).toEqual([]);
    expect(paths.filter((path) => path.startsWith('/api/docs'))).toEqual([]);
    expect(paths).not.toContain('/api/openapi.json');
  });

  it('serves Swagger UI at /api/docs with its scripts', async () => {
    const page = await testApp.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('swagger-ui');
    const script = await testApp.app.inject({
      method: 'GET',
      url: '/api/docs/static/swagger-ui-bundle.js',
    });
    expect(script.statusCode).toBe(200);
  });
});
