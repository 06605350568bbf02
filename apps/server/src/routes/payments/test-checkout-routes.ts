import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { catalogueEntry, storedPlan } from '../../services/billing/plans';
import { subscriptionRow } from '../../services/billing/subscription-service';
import {
  cancelTestCheckout,
  payTestCheckout,
  testCheckoutPath,
  testCheckoutPurchase,
} from '../../services/billing/test-provider';
import { renderTestCheckoutPage } from './test-checkout-page';

const params = z.object({ token: z.string().min(20).max(100) });

/** The Parser settings page, showing how the checkout of this purchase ended. */
const returnUrl = (purchaseId: string, canceled = false) =>
  `/app/settings/parser?checkout=${encodeURIComponent(purchaseId)}${canceled ? '&canceled=1' : ''}`;

/**
 * BILLING=test: the built-in checkout at `/api/v2/payments/test-checkout/{token}`, the page the
 * checkout call sends the browser to. The browser brings no bearer header here, so the random
 * token in the address is the only credential (as a Stripe Checkout URL is). Pay and Cancel
 * answer 303 back to the Parser settings page.
 */
export const testCheckoutRoutes: FastifyPluginAsyncZod = async (app) => {
  if (app.config.billing !== 'test') return;
  const ctx = app.services;
  // the page's forms post no fields; their urlencoded bodies are read and ignored
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, _body, done) => done(null, {}),
  );
  const schema = { tags: ['payments'], hide: true, params };

  app.get('/payments/test-checkout/:token', { schema }, async (request, reply) => {
    const purchase = await testCheckoutPurchase(ctx.db, request.params.token);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .send(
        renderTestCheckoutPage(
          purchase,
          catalogueEntry(storedPlan(purchase.plan_id)),
          testCheckoutPath(request.params.token),
          returnUrl(purchase.id, purchase.status === 'canceled'),
        ),
      );
  });

  app.post('/payments/test-checkout/:token/pay', { schema }, async (request, reply) => {
    const { token } = request.params;
    const opened = await testCheckoutPurchase(ctx.db, token);
    const purchase = await payTestCheckout(
      ctx.db,
      token,
      await subscriptionRow(ctx, opened.user_id),
      ctx.activity,
    );
    return reply.redirect(returnUrl(purchase.id, purchase.status === 'canceled'), 303);
  });

  app.post('/payments/test-checkout/:token/cancel', { schema }, async (request, reply) => {
    const purchase = await cancelTestCheckout(ctx.db, request.params.token);
    return reply.redirect(returnUrl(purchase.id, purchase.status !== 'paid'), 303);
  });
};
