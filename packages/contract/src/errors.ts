import { z } from 'zod';

/**
 * Machine-readable error codes carried in every error body (DESIGN.md section 5). The web client
 * turns these codes into toasts or redirects in one place, so they are stable API.
 */
export const ErrorCode = {
  badRequest: 'bad_request',
  validationFailed: 'validation_failed',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  emailNotVerified: 'email_not_verified',
  subscriptionRequired: 'subscription_required',
  notFound: 'not_found',
  methodNotAllowed: 'method_not_allowed',
  conflict: 'conflict',
  gone: 'gone',
  payloadTooLarge: 'payload_too_large',
  unsupportedMediaType: 'unsupported_media_type',
  rateLimited: 'rate_limited',
  internalError: 'internal_error',
  /** A remote the server talks to (a git host) could not be reached or refused the request. */
  badGateway: 'bad_gateway',
  serviceUnavailable: 'service_unavailable',
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Every error code, for `z.enum` and exhaustive checks. */
export const ERROR_CODES = Object.values(ErrorCode) as [ErrorCode, ...ErrorCode[]];

export const errorCodeSchema = z.enum(ERROR_CODES);

/** The HTTP status each error code is sent with. */
export const ERROR_STATUS: Readonly<Record<ErrorCode, number>> = {
  bad_request: 400,
  validation_failed: 400,
  unauthorized: 401,
  forbidden: 403,
  email_not_verified: 403,
  subscription_required: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  gone: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal_error: 500,
  bad_gateway: 502,
  service_unavailable: 503,
};

/** The message every 5xx answer carries instead of the real (possibly sensitive) one. */
export const INTERNAL_ERROR_MESSAGE = 'Internal server error';

/**
 * The JSON body of every error answer. `code` is a plain string (not the enum) so an older client
 * keeps working when the server adds a code; `field` names the offending input of a validation
 * error as `<location>.<path>`, e.g. `body.email`.
 */
export const errorBodySchema = z.object({
  statusCode: z.number().int(),
  code: z.string(),
  message: z.string(),
  field: z.string().optional(),
});

export type ErrorBody = z.infer<typeof errorBodySchema>;

/**
 * Reads an error body out of an unknown HTTP payload, so a client can tell our errors from a proxy's
 * HTML page or an empty answer. Returns undefined when the payload is not an error body.
 */
export function parseErrorBody(payload: unknown): ErrorBody | undefined {
  const result = errorBodySchema.safeParse(payload);
  return result.success ? result.data : undefined;
}

/**
 * The code a bare HTTP status maps to, for errors that arrive without one of ours (framework errors,
 * proxies). Unknown 4xx become `bad_request`, unknown 5xx `internal_error`.
 */
export function errorCodeForStatus(status: number): ErrorCode {
  const exact = ERROR_CODES.find(
    (code) =>
      ERROR_STATUS[code] === status &&
      code !== ErrorCode.validationFailed &&
      code !== ErrorCode.subscriptionRequired &&
      code !== ErrorCode.badGateway,
  );
  if (exact) return exact;
  return status >= 500 ? ErrorCode.internalError : ErrorCode.badRequest;
}
