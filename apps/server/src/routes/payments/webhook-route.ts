import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { receiveStripeWebhook } from '../../services/billing/webhook-service';

/**
 * `POST /api/v2/payments/webhook`: Stripe's events. The signature covers the exact bytes sent,
 * so in this plugin's scope JSON bodies are kept as the raw Buffer instead of being parsed.
 */
export const paymentsWebhookRoute: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  app.post(
    '/payments/webhook',
    {
      schema: {
        tags: ['payments'],
        summary: 'Stripe webhook (Stripe-Signature verified on the raw body)',
        response: { 200: z.object({ received: z.literal(true) }) },
      },
    },
    async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['stripe-signature'];
      return receiveStripeWebhook(
        app.services,
        body,
        typeof signature === 'string' ? signature : undefined,
      );
    },
  );
};
