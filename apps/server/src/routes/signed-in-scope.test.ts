import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

interface OpenApi {
  paths: Record<string, Record<string, { security?: unknown[] }>>;
}

/** Routes anyone may call without signing in, each checking what it needs itself. */
const PUBLIC = [
  'GET /api/health',
  'GET /api/v1/auth/config',
  'POST /api/v1/auth/signup',
  'POST /api/v1/auth/login',
  'POST /api/v1/auth/verify',
  'POST /api/v1/auth/verify/resend',
  'POST /api/v1/auth/password/reset',
  'POST /api/v1/auth/password/set',
  'GET /api/v1/oauth/{provider}/authorize',
  'POST /api/v1/oauth/{provider}/callback',
  'GET /api/v2/payments/plans',
  'POST /api/v2/payments/webhook',
  'GET /api/v1/staticdocs/public/{slug}',
  'GET /api/v1/staticdocs/private/{slug}/preview',
];

/**
 * The signed-in scope (routes/index.ts): every API route but the public ones authenticates
 * before anything else runs, so a request without a bearer token is 401 whatever it asks for,
 * and OpenAPI documents each as needing the token.
 */
describe('the signed-in scope', () => {
  let testApp: TestApp;
  let routes: { method: string; path: string; signedIn: boolean }[];

  beforeAll(async () => {
    testApp = await createTestApp('sqlite', { logLevel: 'error' });
    const openapi = (
      await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' })
    ).json<OpenApi>();
    routes = Object.entries(openapi.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        signedIn: (operation.security ?? []).length > 0,
      })),
    );
  });

  afterAll(async () => {
    await testApp?.close();
  });

  it('leaves only the public routes open', () => {
    const open = routes
      .filter((route) => !route.signedIn && route.path.startsWith('/api/v'))
      .map((route) => `${route.method} ${route.path}`)
      .filter((route) => !route.includes('/dev/') && !route.includes('/test-checkout'));
    expect(open.sort()).toEqual(
      PUBLIC.filter((route) => route.includes('/api/v') && open.includes(route)).sort(),
    );
    expect(routes.filter((route) => route.signedIn).length).toBeGreaterThan(60);
  });

  it('answers 401 on every signed-in route without a token, or with a forged one', async () => {
    for (const route of routes.filter((r) => r.signedIn)) {
      const url = route.path.replace(/\{[^}]+\}/g, 'x');
      for (const headers of [{}, { authorization: 'Bearer forged.token.value' }]) {
        const response = await testApp.app.inject({
          method: route.method as 'GET',
          url,
          headers,
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
        expect(response.statusCode, `${route.method} ${route.path}`).toBe(401);
      }
    }
  });
});
