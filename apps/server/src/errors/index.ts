export {
  AppError,
  badRequest,
  conflict,
  forbidden,
  isAppError,
  notFound,
  RateLimitedError,
  serviceUnavailable,
  unauthorized,
  validationFailed,
} from './app-error';
export { toErrorResponse } from './to-error-response';
export type { ErrorResponse } from './to-error-response';
