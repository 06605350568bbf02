import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, requestHeaders, stubFetch } from '@/test/fetch-stub';
import { api, buildUrl, setUnauthorizedHandler } from './api-client';
import { ApiError, failureMessage } from './api-error';

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('api client requests', () => {
  it('roots each version at /api/v0 … /api/v3', async () => {
    const fetchMock = stubFetch(() => jsonResponse({}));
    await api.v0.get('/repo');
    await api.v1.get('/staticdocs/folders/creator');
    await api.v2.post('/payments/checkout', { price_id: 'p' });
    await api.v3.get('repo/files/r1');
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/api/v0/repo',
      '/api/v1/staticdocs/folders/creator',
      '/api/v2/payments/checkout',
      '/api/v3/repo/files/r1',
    ]);
  });

  it('sends the jwt cookie as a bearer credential and includes cookies', async () => {
    Cookies.set('jwt', 'abc.def.ghi');
    const fetchMock = stubFetch(() => jsonResponse({ repositories: [] }));

    await expect(api.v0.get('/repo')).resolves.toEqual({ repositories: [] });

    expect(fetchMock.mock.calls[0]?.[1]?.credentials).toBe('include');
    expect(requestHeaders(fetchMock).get('Authorization')).toBe('Bearer abc.def.ghi');
  });

  it('sends no Authorization header without a jwt cookie, but still includes cookies', async () => {
    const fetchMock = stubFetch(() => jsonResponse({}));

    await api.v1.get('/staticdocs/public/slug');

    expect(requestHeaders(fetchMock).has('Authorization')).toBe(false);
    expect(fetchMock.mock.calls[0]?.[1]?.credentials).toBe('include');
  });

  it('sends JSON bodies, extra headers and query parameters', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ task_id: 't1' }, 202));

    await api.v2.post(
      '/repo/connect',
      { external_repo_url: 'https://example.com/r.git', method: 'https' },
      { headers: { 'x-task-id': 't1', 'x-plan': 'plan-token' }, query: { dry: true, skip: null } },
    );

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    const headers = requestHeaders(fetchMock);
    expect(url).toBe('/api/v2/repo/connect?dry=true');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"external_repo_url":"https://example.com/r.git","method":"https"}');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('x-task-id')).toBe('t1');
    expect(headers.get('x-plan')).toBe('plan-token');
  });

  it.each(['put', 'patch'] as const)('sends %s with a JSON body', async (method) => {
    const fetchMock = stubFetch(() => jsonResponse({ ok: true }));
    await api.v0[method]('/thing', { a: 1 });
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe(method.toUpperCase());
  });

  it('resolves with undefined for an empty body (204)', async () => {
    stubFetch(() => new Response(null, { status: 204 }));
    await expect(api.v0.delete('/compilation/c1')).resolves.toBeUndefined();
  });
});

describe('api client errors', () => {
  it("maps the server's JSON error to ApiError {status, code, message, field}", async () => {
    stubFetch(() =>
      jsonResponse(
        { statusCode: 400, code: 'validation_failed', message: 'name is required', field: 'name' },
        400,
      ),
    );

    const error = await caught(api.v0.post('/compilation', {}));

    expect(error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'name is required',
      field: 'name',
    });
  });

  it('reads the Retry-After seconds of a throttled answer', async () => {
    stubFetch(
      () =>
        new Response(
          JSON.stringify({ statusCode: 429, code: 'rate_limited', message: 'Too many attempts' }),
          { status: 429, headers: { 'Retry-After': '17' } },
        ),
    );

    const error = await caught(api.v1.post('/auth/login', {}));

    expect(error).toMatchObject({ status: 429, code: 'rate_limited', retryAfter: 17 });
  });

  it('uses "Something went wrong" when the server gives no message', async () => {
    stubFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));

    const error = await caught(api.v0.get('/repo'));

    expect(error).toMatchObject({ status: 502, code: 'http_502', message: 'Something went wrong' });
  });

  it('keeps HTTP 304 as a failure with its status (a sync with nothing new)', async () => {
    stubFetch(() => new Response(null, { status: 304 }));
    expect((await caught(api.v0.post('/repo/sync', { repo_id: 'r' }))).status).toBe(304);
  });

  it('maps a request with no response to status 0 "No response from server"', async () => {
    stubFetch(() => {
      throw new TypeError('Failed to fetch');
    });

    const error = await caught(api.v0.get('/repo'));

    expect(error).toMatchObject({ status: 0, message: 'No response from server' });
  });

  it("maps any other failure to status -1 with the error's own message", async () => {
    stubFetch(() => new Response('not json', { status: 200 }));

    const error = await caught(api.v0.get('/repo'));

    expect(error.status).toBe(-1);
    expect(error.message).toMatch(/JSON/);
  });

  it('maps an aborted request to status -1, not to a lost response', async () => {
    stubFetch(() => {
      throw new DOMException('The operation was aborted.', 'AbortError');
    });

    const error = await caught(api.v0.get('/repo'));

    expect(error).toMatchObject({
      status: -1,
      code: 'aborted',
      message: 'The operation was aborted.',
    });
  });
});

describe('api client on an ended session', () => {
  const unauthorized = () =>
    jsonResponse({ statusCode: 401, code: 'unauthorized', message: 'Sign in again' }, 401);

  afterEach(() => {
    setUnauthorizedHandler(null);
    Cookies.remove('jwt');
  });

  it('calls the unauthorized handler when a call with the credential answers 401', async () => {
    Cookies.set('jwt', 'expired-token');
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    stubFetch(unauthorized);

    const error = await caught(api.v0.get('/repo'));

    expect(error).toMatchObject({ status: 401 });
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('leaves a 401 without a credential (a wrong password) to the caller', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    stubFetch(unauthorized);

    await caught(api.v1.post('/auth/login', {}));

    expect(handler).not.toHaveBeenCalled();
  });
});

describe('failureMessage', () => {
  it("prefers the error's own message and falls back to the call's default", () => {
    expect(failureMessage(new ApiError(500, 'x', 'Disk full'), 'Failed to fetch repos')).toBe(
      'Disk full',
    );
    expect(
      failureMessage(new ApiError(500, 'x', 'Something went wrong'), 'Failed to fetch repos'),
    ).toBe('Failed to fetch repos');
    expect(failureMessage('nope', 'Failed to fetch keys')).toBe('Failed to fetch keys');
  });
});

describe('buildUrl', () => {
  it('joins base, path and encoded query values', () => {
    expect(buildUrl('/api/v1', '/staticdocs/folders/creator', { limit: 20, cursor: 'a b' })).toBe(
      '/api/v1/staticdocs/folders/creator?limit=20&cursor=a+b',
    );
  });
});
