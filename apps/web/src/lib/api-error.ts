import { NO_RESPONSE_FROM_SERVER, SOMETHING_WENT_WRONG } from '@codedocs/contract';

/** Status of an ApiError when the request got no response at all. */
export const NO_RESPONSE_STATUS = 0;
/** Status of an ApiError for any failure that is neither a server answer nor a lost request. */
export const CLIENT_FAILURE_STATUS = -1;

/** The server's JSON error shape (DESIGN.md section 5). */
export interface ServerErrorBody {
  statusCode?: number;
  code?: string;
  message?: string;
  field?: string;
}

/** Every failure of the API client: a server answer, no answer (status 0) or other (-1). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly field: string | undefined;
  /** Seconds to wait before trying again, from a 429 answer's `Retry-After` header. */
  readonly retryAfter: number | undefined;

  constructor(status: number, code: string, message: string, field?: string, retryAfter?: number) {
    super(message);
    this.status = status;
    this.code = code;
    this.field = field;
    this.retryAfter = retryAfter;
  }
}

/** Reads a `Retry-After` header given in seconds (the HTTP-date form is not used by our server). */
export function parseRetryAfter(value: string | null | undefined): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds) : undefined;
}

/** Builds the ApiError for a non-2xx response from its (possibly missing) JSON body. */
export function apiErrorFromResponse(status: number, body: unknown, retryAfter?: number): ApiError {
  const shape: ServerErrorBody = typeof body === 'object' && body !== null ? body : {};
  const message =
    typeof shape.message === 'string' && shape.message ? shape.message : SOMETHING_WENT_WRONG;
  const code = typeof shape.code === 'string' && shape.code ? shape.code : `http_${status}`;
  const field = typeof shape.field === 'string' ? shape.field : undefined;
  return new ApiError(status, code, message, field, retryAfter);
}

// DOMException is not an Error subclass in every environment, so match on the name.
function isAbortError(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError'
  );
}

function ownMessage(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'message' in error)
    return String(error.message);
  return String(error);
}

/**
 * Maps a rejected `fetch` to an ApiError: no response becomes status 0 with "No response from
 * server"; an aborted request is not a lost one and becomes status -1 with its own message.
 */
export function apiErrorFromNetworkFailure(error: unknown): ApiError {
  if (isAbortError(error)) return apiErrorFromUnknown(error);
  return new ApiError(NO_RESPONSE_STATUS, 'no_response', NO_RESPONSE_FROM_SERVER);
}

/** Maps any other thrown value to an ApiError with status -1 and the error's own message. */
export function apiErrorFromUnknown(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const code = isAbortError(error) ? 'aborted' : 'client_error';
  return new ApiError(CLIENT_FAILURE_STATUS, code, ownMessage(error) || SOMETHING_WENT_WRONG);
}

/**
 * The message to show for a failed call: the error's own, unless it has none or only the
 * generic "Something went wrong", in which case the call's default message (spec section 8).
 */
export function failureMessage(error: unknown, defaultMessage: string): string {
  const message = error instanceof Error ? error.message : '';
  return message && message !== SOMETHING_WENT_WRONG ? message : defaultMessage;
}
