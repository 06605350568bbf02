import fp from 'fastify-plugin';
import { RateLimitedError, toErrorResponse } from '../errors/index';

/**
 * The one error handler (CONVENTIONS 4): every failure leaves as `{statusCode, code, message,
 * field?}`. 5xx answers say only "Internal server error"; the real error goes to the log with the
 * request id so an operator can find it.
 */
export const errorHandlerPlugin = fp(
  async (app) => {
    app.setErrorHandler((error, request, reply) => {
      const { body, unexpected } = toErrorResponse(error);
      if (unexpected) {
        request.log.error({ err: error }, 'request failed');
      } else {
        request.log.info({ code: body.code, message: body.message }, 'request rejected');
      }
      if (error instanceof RateLimitedError) {
        void reply.header('retry-after', String(error.retryAfterSeconds));
      }
      return reply.code(body.statusCode).type('application/json; charset=utf-8').send(body);
    });
  },
  { name: 'error-handler' },
);
