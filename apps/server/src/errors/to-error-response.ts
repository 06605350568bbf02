import { ErrorCode, errorCodeForStatus, INTERNAL_ERROR_MESSAGE } from '@codedocs/contract';
import type { ErrorBody } from '@codedocs/contract';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isAppError } from './app-error';

export interface ErrorResponse {
  body: ErrorBody;
  /** True when the error is a bug or an outage (5xx): log it in full, show nothing of it. */
  unexpected: boolean;
}

interface FrameworkError {
  statusCode?: unknown;
  code?: unknown;
  message?: unknown;
  validation?: unknown;
  validationContext?: unknown;
}

/** Friendlier words for the request errors Fastify raises itself. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty but its content type is application/json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Request body size does not match Content-Length',
};

function asFrameworkError(error: unknown): FrameworkError {
  return typeof error === 'object' && error !== null ? (error as FrameworkError) : {};
}

/** `/email/0` in `body` → `body.email.0`; an empty path names the whole location. */
function fieldName(context: unknown, instancePath: string): string {
  const location = typeof context === 'string' && context ? context : 'body';
  const path = instancePath.split('/').filter(Boolean).join('.');
  return path ? `${location}.${path}` : location;
}

function validationResponse(error: FrameworkError): ErrorResponse {
  const issues = hasZodFastifySchemaValidationErrors(error) ? error.validation : [];
  const described = issues.map((issue) => ({
    field: fieldName(error.validationContext, issue.instancePath),
    message: issue.message ?? 'Invalid value',
  }));
  const first = described[0];
  const message = first
    ? described.map((issue) => `${issue.field}: ${issue.message}`).join('; ')
    : typeof error.message === 'string'
      ? error.message
      : 'Invalid request';
  const body: ErrorBody = { statusCode: 400, code: ErrorCode.validationFailed, message };
  if (first) body.field = first.field;
  return { body, unexpected: false };
}

/**
 * Turns anything thrown while handling a request into the one error shape of DESIGN.md section 5:
 * AppErrors as they are, schema failures as 400 naming the field, Fastify's own 4xx errors with a
 * plain message, and everything else as a 500 whose real message never leaves the server.
 */
export function toErrorResponse(error: unknown): ErrorResponse {
  if (isAppError(error)) return { body: error.toBody(), unexpected: error.statusCode >= 500 };

  const framework = asFrameworkError(error);
  if (Array.isArray(framework.validation)) return validationResponse(framework);

  const status = typeof framework.statusCode === 'number' ? framework.statusCode : 500;
  if (status >= 400 && status < 500) {
    const known =
      typeof framework.code === 'string' ? FRAMEWORK_MESSAGES[framework.code] : undefined;
    const message =
      known ??
      (typeof framework.message === 'string' && framework.message
        ? framework.message
        : 'Bad request');
    return {
      body: { statusCode: status, code: errorCodeForStatus(status), message },
      unexpected: false,
    };
  }

  const serverStatus = status >= 500 && status < 600 ? status : 500;
  return {
    body: {
      statusCode: serverStatus,
      code: errorCodeForStatus(serverStatus),
      message: INTERNAL_ERROR_MESSAGE,
    },
    unexpected: true,
  };
}
