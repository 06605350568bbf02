import { ERROR_STATUS, ErrorCode } from '@codedocs/contract';
import type { ErrorBody } from '@codedocs/contract';

/**
 * An error the client is meant to see: its code, status and message go out as the JSON error body
 * unchanged (CONVENTIONS 4). Anything thrown that is not an AppError is treated as a bug and
 * answered with a generic 500.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  /** The offending input for validation errors, as `<location>.<path>`, e.g. `body.email`. */
  readonly field: string | undefined;

  constructor(code: ErrorCode, message: string, options: { field?: string; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.statusCode = ERROR_STATUS[code];
    this.field = options.field;
  }

  /** The JSON body sent for this error. */
  toBody(): ErrorBody {
    const body: ErrorBody = { statusCode: this.statusCode, code: this.code, message: this.message };
    if (this.field !== undefined) body.field = this.field;
    return body;
  }
}

/** True for errors made by this module. */
export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

/** 400 for a request that is well-formed but wrong in a way a schema cannot express. */
export function badRequest(field: string | undefined, message: string): AppError {
  return new AppError(ErrorCode.badRequest, message, field === undefined ? {} : { field });
}

/** 400 naming one invalid input, the same shape schema validation produces. */
export function validationFailed(field: string, message: string): AppError {
  return new AppError(ErrorCode.validationFailed, `${field}: ${message}`, { field });
}

/** 401: no credential, or one that is expired or invalid. */
export function unauthorized(message = 'Authentication required'): AppError {
  return new AppError(ErrorCode.unauthorized, message);
}

/** 403: authenticated but not allowed. Resources of other users answer notFound() instead. */
export function forbidden(message = 'You are not allowed to do this'): AppError {
  return new AppError(ErrorCode.forbidden, message);
}

/** 404: missing, or owned by someone else (DESIGN.md section 8: never reveal which). */
export function notFound(message = 'Not found'): AppError {
  return new AppError(ErrorCode.notFound, message);
}

/** 409: the request conflicts with the current state, e.g. a stale doc version. */
export function conflict(message: string): AppError {
  return new AppError(ErrorCode.conflict, message);
}

/** 429 with the seconds to wait, sent as `Retry-After` by the error handler. */
export class RateLimitedError extends AppError {
  readonly retryAfterSeconds: number;

  constructor(retryAfterSeconds: number, message = 'Too many attempts, try again later') {
    super(ErrorCode.rateLimited, message);
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  }
}

/** 503: a dependency (database, git host) is temporarily unavailable. */
export function serviceUnavailable(message: string): AppError {
  return new AppError(ErrorCode.serviceUnavailable, message);
}
