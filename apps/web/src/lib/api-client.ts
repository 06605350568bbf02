import { API_VERSIONS, type ApiVersion } from '@codedocs/contract';
import {
  apiErrorFromNetworkFailure,
  apiErrorFromResponse,
  apiErrorFromUnknown,
  parseRetryAfter,
} from './api-error';
import { getJwt } from './cookies';

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Query-string values; null and undefined entries are left out. */
export type QueryParams = Record<string, string | number | boolean | null | undefined>;

/** Per-call options of every API client method. */
export interface RequestOptions {
  /** Extra headers for this call, e.g. `x-task-id` or `x-plan`. */
  headers?: Record<string, string>;
  query?: QueryParams;
  signal?: AbortSignal;
  /** How to read a successful body; JSON unless told otherwise (zip downloads use blob). */
  responseType?: 'json' | 'blob' | 'text';
}

/** The calls of one API version; each resolves with the parsed body or throws ApiError. */
export interface ApiVersionClient {
  readonly base: string;
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  delete<T>(path: string, options?: RequestOptions): Promise<T>;
}

/** Joins a base, a path and a query string into a same-origin URL. */
export function buildUrl(base: string, path: string, query?: QueryParams): string {
  const url = `${base}${path.startsWith('/') ? path : `/${path}`}`;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== null && value !== undefined) search.append(key, String(value));
  }
  const queryString = search.toString();
  return queryString ? `${url}?${queryString}` : url;
}

type UnauthorizedHandler = () => void;
let unauthorizedHandler: UnauthorizedHandler | null = null;

/**
 * Sets what happens when a call that carried the session credential answers 401: the session ended
 * on the server (expired, revoked, signed out elsewhere), so the app logs out instead of showing each
 * screen's own failure. One handler for the whole app; pass null to remove it.
 */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  unauthorizedHandler = handler;
}

function buildHeaders(options: RequestOptions, hasJsonBody: boolean): Headers {
  const headers = new Headers(options.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  if (hasJsonBody) headers.set('Content-Type', 'application/json');
  const jwt = getJwt();
  if (jwt && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${jwt}`);
  return headers;
}

async function readBody(response: Response, responseType: RequestOptions['responseType']) {
  if (responseType === 'blob') return response.blob();
  const text = await response.text();
  if (responseType === 'text') return text;
  return text ? (JSON.parse(text) as unknown) : undefined;
}

async function readErrorBody(response: Response): Promise<unknown> {
  try {
    return JSON.parse(await response.text()) as unknown;
  } catch {
    return undefined;
  }
}

/** Sends one request with the bearer credential and cookies; see ApiVersionClient. */
async function request<T>(
  method: HttpMethod,
  url: string,
  body: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const isRawBody = body instanceof FormData || body instanceof Blob;
  const hasJsonBody = body !== undefined && !isRawBody;
  const headers = buildHeaders(options, hasJsonBody);
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: hasJsonBody ? JSON.stringify(body) : (body as BodyInit | undefined),
      credentials: 'include',
      signal: options.signal ?? null,
    });
  } catch (error) {
    throw apiErrorFromNetworkFailure(error);
  }
  try {
    if (!response.ok) {
      if (response.status === 401 && headers.has('Authorization')) unauthorizedHandler?.();
      const retryAfter = parseRetryAfter(response.headers.get('Retry-After'));
      throw apiErrorFromResponse(response.status, await readErrorBody(response), retryAfter);
    }
    return (await readBody(response, options.responseType)) as T;
  } catch (error) {
    throw apiErrorFromUnknown(error);
  }
}

/** Creates the client of one API version rooted at `base` (e.g. `/api/v1`). */
export function createApiVersionClient(base: string): ApiVersionClient {
  return {
    base,
    get: (path, options) =>
      request('GET', buildUrl(base, path, options?.query), undefined, options),
    post: (path, body, options) =>
      request('POST', buildUrl(base, path, options?.query), body, options),
    put: (path, body, options) =>
      request('PUT', buildUrl(base, path, options?.query), body, options),
    patch: (path, body, options) =>
      request('PATCH', buildUrl(base, path, options?.query), body, options),
    delete: (path, options) =>
      request('DELETE', buildUrl(base, path, options?.query), undefined, options),
  };
}

/** The one API client: `api.v0` … `api.v3`, rooted at `/api/v0` … `/api/v3`. */
export const api = Object.fromEntries(
  API_VERSIONS.map((version) => [version, createApiVersionClient(`/api/${version}`)]),
) as Record<ApiVersion, ApiVersionClient>;
