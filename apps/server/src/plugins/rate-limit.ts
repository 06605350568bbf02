import rateLimit from '@fastify/rate-limit';
import { ErrorCode } from '@codedocs/contract';
import fp from 'fastify-plugin';
import { AppError } from '../errors/index';

/**
 * A per-address request budget for every route (RATE_LIMIT_MAX per minute). Exceeding it answers
 * 429 with Retry-After and the usual error body. Routes opt out with `config: { rateLimit: false }`
 * (the health check, which monitors poll).
 */
export const rateLimitPlugin = fp(
  async (app) => {
    const { config } = app;
    await app.register(rateLimit, {
      global: true,
      max: config.rateLimitMax,
      timeWindow: '1 minute',
      errorResponseBuilder: (_request, context) =>
        new AppError(ErrorCode.rateLimited, `Too many requests, retry in ${context.after}`),
    });
  },
  { name: 'rate-limit' },
);
