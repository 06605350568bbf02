import {
  PLAN_CATALOGUE,
  planListResponseSchema,
  subscriptionResponseSchema,
} from '@codedocs/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/authenticate';
import { getSubscription } from '../../services/billing/subscription-service';

const tags = ['payments'];

/** `/api/v2/payments`: the caller's subscription (with the signed plan token) and the plans. */
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.services;

  app.get(
    '/payments/subscription',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security: [{ bearerAuth: [] }],
        summary: 'The plan, purchases and a signed plan token for the ps cookie',
        response: { 200: subscriptionResponseSchema },
      },
    },
    async (request) => getSubscription(ctx, requireAuth(request).user.id),
  );

  app.get(
    '/payments/plans',
    { schema: { tags, summary: 'The plan catalogue', response: { 200: planListResponseSchema } } },
    async () => ({
      plans: PLAN_CATALOGUE.filter((plan) =>
        ctx.config.billing === 'off'
          ? plan.plan_id === 'self-hosted'
          : plan.plan_id !== 'self-hosted',
      ),
    }),
  );
};
