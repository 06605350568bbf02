import { vi } from 'vitest';

/** A JSON Response as the server sends it. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** Replaces global fetch (unit tests only) and returns the mock to inspect calls. */
export function stubFetch(
  handler: (url: string, init: RequestInit) => Response | Promise<Response>,
) {
  const mock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) =>
    handler(String(input), init),
  );
  vi.stubGlobal('fetch', mock);
  return mock;
}

/** Headers of the n-th call of a fetch mock. */
export function requestHeaders(mock: ReturnType<typeof stubFetch>, call = 0): Headers {
  const init = mock.mock.calls[call]?.[1];
  return new Headers(init?.headers);
}
