import { jsonResponse } from './fetch-stub';
import {
  emptyCoverage,
  emptyDocsMetrics,
  emptyViews,
  testAuthConfig,
  testChecklist,
  testProfile,
  testSubscription,
} from './fixtures';

/** A stubbed endpoint: receives the URL and request, answers with a Response. */
export type RouteHandler = (url: string, init: RequestInit) => Response | Promise<Response>;

/** Stubbed endpoints by "METHOD /path" (path without the query string). */
export type ApiRoutes = Record<string, RouteHandler>;

/** What the server answers by default in screen tests: a healthy signed-in user. */
export const defaultApiRoutes: ApiRoutes = {
  'GET /api/v1/auth/refresh': () => jsonResponse({ token: 'fresh-token' }),
  'GET /api/v1/auth/config': () => jsonResponse(testAuthConfig),
  'POST /api/v1/auth/logout': () => new Response(null, { status: 204 }),
  'GET /api/v0/user': () => jsonResponse(testProfile),
  'GET /api/v0/repo': () => jsonResponse({ repos: [] }),
  'GET /api/v0/compilation/metadata': () => jsonResponse({ metadata: [] }),
  'GET /api/v2/payments/subscription': () => jsonResponse(testSubscription),
  'GET /api/v0/user/ssh-key': () => jsonResponse({ keys: [] }),
  'GET /api/v1/events': () => openEventStream(),
  'GET /api/v1/tasks': () => jsonResponse({ tasks: [] }),
  'GET /api/v1/activity/events': () => jsonResponse({ events: [], cursor: null }),
  'GET /api/v1/activity/checklist': () => jsonResponse(testChecklist()),
  'GET /api/v1/activity/coverage': (url) => jsonResponse(emptyCoverage(url)),
  'GET /api/v1/activity/docs': (url) => jsonResponse(emptyDocsMetrics(url)),
  'GET /api/v1/activity/views': (url) => jsonResponse(emptyViews(url)),
};

/** An event stream that stays open without events, like the server's while nothing changes. */
export function openEventStream(events: string[] = []): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const event of events) controller.enqueue(encoder.encode(event));
    },
  });
  return new Response(body, { headers: { 'Content-Type': 'text/event-stream' } });
}

/** A fetch handler that dispatches on method and path; unknown routes answer a JSON 404. */
export function routeRequests(routes: ApiRoutes): RouteHandler {
  return (url, init) => {
    const path = url.split('?')[0];
    const handler = routes[`${init.method ?? 'GET'} ${path}`];
    if (handler) return handler(url, init);
    return jsonResponse({ statusCode: 404, code: 'not_found', message: 'Not Found' }, 404);
  };
}

/** The calls a fetch mock received as "METHOD /path?query". */
export function calledRoutes(mock: { mock: { calls: [RequestInfo | URL, RequestInit?][] } }) {
  return mock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`);
}

/** One received request, read back for assertions. */
export interface ReceivedRequest {
  url: string;
  method: string;
  headers: Headers;
  /** The JSON body, parsed; undefined without one. */
  body: unknown;
}

/** Every request a fetch mock received for "METHOD /path" (query ignored). */
export function requestsTo(
  mock: { mock: { calls: [RequestInfo | URL, RequestInit?][] } },
  route: string,
): ReceivedRequest[] {
  return mock.mock.calls
    .map(([url, init]) => ({
      url: String(url),
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    }))
    .filter((request) => `${request.method} ${request.url.split('?')[0]}` === route);
}
