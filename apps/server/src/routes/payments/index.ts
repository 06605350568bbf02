import {
  checkoutRequestSchema,
  checkoutResponseSchema,
  PLAN_CATALOGUE,
  planListResponseSchema,
  purchaseSchema,
  subscriptionResponseSchema,
  usageResponseSchema,
} from '@codedocs/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientInfo, signedIn, userIdOf } from '../../plugins/authenticate';
import {
  abandonCheckout,
  getPurchase,
  openPortal,
  setCancellation,
  startCheckout,
} from '../../services/billing/checkout-service';
import { getSubscription } from '../../services/billing/subscription-service';
import { getUsage } from '../../services/billing/usage-service';

const tags = ['payments'];
const purchaseParams = z.object({ purchase_id: z.string().min(1).max(100) });

/**
 * `/api/v2/payments`: the caller's subscription (with the signed plan token), the plans, quota
 * use, checkout, cancel/resume, the billing portal and the outcome of a checkout. The provider's
 * webhook and the test checkout page have files of their own.
 */
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.services;

  app.get(
    '/payments/subscription',
    {
      schema: {
        tags,
        summary: 'The plan, purchases and a signed plan token for the ps cookie',
        response: { 200: subscriptionResponseSchema },
      },
    },
    async (request) => getSubscription(ctx, userIdOf(request)),
  );

  app.get(
    '/payments/usage',
    {
      schema: {
        tags,
        summary: "What the caller uses of the plan's quotas",
        response: { 200: usageResponseSchema },
      },
    },
    async (request) => getUsage(ctx, userIdOf(request)),
  );

  app.post(
    '/payments/checkout',
    {
      schema: {
        tags,
        summary: 'Where to send the browser to buy (or change to) the plan of this price',
        body: checkoutRequestSchema,
        response: { 200: checkoutResponseSchema },
      },
    },
    async (request) =>
      startCheckout(ctx, signedIn(request).user, request.body.price_id, clientInfo(request)),
  );

  app.get(
    '/payments/purchases/:purchase_id',
    {
      schema: {
        tags,
        summary: "One of the caller's purchases: how a checkout ended",
        params: purchaseParams,
        response: { 200: purchaseSchema },
      },
    },
    async (request) => getPurchase(ctx, userIdOf(request), request.params.purchase_id),
  );

  app.post(
    '/payments/purchases/:purchase_id/cancel',
    {
      schema: {
        tags,
        summary: 'The buyer left the checkout: close it and mark its purchase canceled',
        params: purchaseParams,
        response: { 200: purchaseSchema },
      },
    },
    async (request) => abandonCheckout(ctx, userIdOf(request), request.params.purchase_id),
  );

  for (const [action, cancel] of [
    ['cancel', true],
    ['resume', false],
  ] as const) {
    app.post(
      `/payments/subscription/${action}`,
      {
        schema: {
          tags,
          summary: cancel
            ? 'End the paid plan at the end of the period'
            : 'Keep the paid plan renewing (undo a cancellation)',
          response: { 200: subscriptionResponseSchema },
        },
      },
      async (request) => setCancellation(ctx, userIdOf(request), cancel),
    );
  }

  app.post(
    '/payments/portal',
    {
      schema: {
        tags,
        summary: "Stripe's customer portal (payment methods, invoices, plan changes)",
        response: { 200: checkoutResponseSchema },
      },
    },
    async (request) => openPortal(ctx, userIdOf(request), clientInfo(request)),
  );
};

/** The plan catalogue, for visitors too (public). */
export const planCatalogueRoute: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.services;

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
