import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { conflict } from '../errors/index';
import { createTestApp, testDialects } from '../test/test-app';
import type { TestApp } from '../test/test-app';

const dialects = await testDialects();

describe.each(dialects)('error answers on %s', (dialect) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, { bodyLimit: 1024 });
    // Test-only routes, added before the first request like any real route.
    testApp.app.post(
      '/api/test/people',
      {
        schema: {
          body: z.object({ email: z.email(), name: z.string().min(1) }),
          querystring: z.object({ limit: z.coerce.number().int().max(10).optional() }),
        },
      },
      async (request) => ({ ok: true, email: request.body.email }),
    );
    testApp.app.get('/api/test/crash', async () => {
      throw new Error('connection to db.internal:5432 failed, password hunter2');
    });
    testApp.app.get('/api/test/conflict', async () => {
      throw conflict('The doc was changed by someone else');
    });
  });

  afterAll(async () => {
    await testApp.close();
  });

  const post = (payload: string, contentType = 'application/json', url = '/api/test/people') =>
    testApp.app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType } });

  it('accepts a valid body', async () => {
    const response = await post(JSON.stringify({ email: 'a@example.com', name: 'A' }));
    expect(response.statusCode).toBe(200);
  });

  it('answers 400 validation_failed naming the offending body field', async () => {
    const response = await post(JSON.stringify({ email: 'not-an-email', name: 'A' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      code: 'validation_failed',
      message: 'body.email: Invalid email address',
      field: 'body.email',
    });
  });

  it('names every invalid field in the message and the first in `field`', async () => {
    const response = await post(JSON.stringify({ email: 'x' }));
    const body = response.json();
    expect(body.field).toBe('body.email');
    expect(body.message).toContain('body.email: ');
    expect(body.message).toContain('body.name: ');
  });

  it('names query-string fields by their location', async () => {
    const response = await post(
      JSON.stringify({ email: 'a@example.com', name: 'A' }),
      'application/json',
      '/api/test/people?limit=99',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'validation_failed',
      field: 'querystring.limit',
    });
  });

  it('answers 400 for malformed JSON', async () => {
    const response = await post('{"email": ');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      code: 'bad_request',
      message: 'Request body is not valid JSON',
    });
  });

  it('answers 413 payload_too_large above BODY_LIMIT', async () => {
    const response = await post(JSON.stringify({ email: 'a@example.com', name: 'x'.repeat(2000) }));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      statusCode: 413,
      code: 'payload_too_large',
      message: 'Request body is too large',
    });
  });

  it('answers 415 for a content type no parser accepts', async () => {
    const response = await post('<person/>', 'application/xml');
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ statusCode: 415, code: 'unsupported_media_type' });
  });

  it('answers a JSON 404 for unknown API routes', async () => {
    for (const url of ['/api/nope', '/api/v0/does-not-exist']) {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({
        statusCode: 404,
        code: 'not_found',
        message: `Route GET ${url} not found`,
      });
    }
  });

  it('answers 405 with Allow for a known path and the wrong method', async () => {
    const response = await testApp.app.inject({ method: 'DELETE', url: '/api/health' });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD');
    expect(response.json()).toMatchObject({ statusCode: 405, code: 'method_not_allowed' });
  });

  it('passes AppErrors through with their status, code and message', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/test/conflict' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      statusCode: 409,
      code: 'conflict',
      message: 'The doc was changed by someone else',
    });
  });

  it('hides the message of unexpected errors behind a generic 500', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/test/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      statusCode: 500,
      code: 'internal_error',
      message: 'Internal server error',
    });
    expect(response.body).not.toContain('hunter2');
    expect(response.body).not.toContain('db.internal');
  });
});
