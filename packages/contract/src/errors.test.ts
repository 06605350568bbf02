import { describe, expect, it } from 'vitest';
import {
  ERROR_CODES,
  ERROR_STATUS,
  ErrorCode,
  errorCodeForStatus,
  errorBodySchema,
  parseErrorBody,
} from './errors';

describe('error codes', () => {
  it('are snake_case and each has an HTTP error status', () => {
    for (const code of ERROR_CODES) {
      expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
      expect(ERROR_STATUS[code]).toBeGreaterThanOrEqual(400);
      expect(ERROR_STATUS[code]).toBeLessThan(600);
    }
  });

  it('map a bare status to the generic code for it', () => {
    expect(errorCodeForStatus(400)).toBe(ErrorCode.badRequest);
    expect(errorCodeForStatus(403)).toBe(ErrorCode.forbidden);
    expect(errorCodeForStatus(404)).toBe(ErrorCode.notFound);
    expect(errorCodeForStatus(413)).toBe(ErrorCode.payloadTooLarge);
    expect(errorCodeForStatus(429)).toBe(ErrorCode.rateLimited);
    expect(errorCodeForStatus(418)).toBe(ErrorCode.badRequest);
    expect(errorCodeForStatus(502)).toBe(ErrorCode.internalError);
    expect(errorCodeForStatus(503)).toBe(ErrorCode.serviceUnavailable);
  });
});

describe('error body', () => {
  it('accepts the documented shape with an optional field', () => {
    const body = { statusCode: 400, code: 'validation_failed', message: 'x', field: 'body.email' };
    expect(errorBodySchema.parse(body)).toEqual(body);
    expect(parseErrorBody({ statusCode: 404, code: 'not_found', message: 'Not found' })).toEqual({
      statusCode: 404,
      code: 'not_found',
      message: 'Not found',
    });
  });

  it('rejects payloads that are not our error body', () => {
    expect(parseErrorBody('<html>Bad gateway</html>')).toBeUndefined();
    expect(parseErrorBody({ message: 'no status' })).toBeUndefined();
    expect(parseErrorBody(null)).toBeUndefined();
  });
});
