import { notFound } from '../../errors/index';
import { hasBillingEvent } from '../../repositories/billing-repository';
import type { ServiceContext } from '../context';
import { applyBillingEvent } from './billing-events';
import {
  billingEventOfStripe,
  callStripe,
  requireStripe,
  verifyStripeEvent,
} from './stripe-provider';

/**
 * `POST /api/v2/payments/webhook`: a Stripe event, verified against `Stripe-Signature` on the
 * exact bytes received (400 otherwise, nothing applied), applied once however often it comes.
 * A failure to read the subscription back from Stripe answers 502, so Stripe delivers it again.
 */
export async function receiveStripeWebhook(
  ctx: ServiceContext,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<{ received: true }> {
  if (ctx.config.billing !== 'stripe') {
    throw notFound('This server takes no Stripe webhooks: BILLING is not stripe');
  }
  const stripe = requireStripe(ctx.config);
  const event = verifyStripeEvent(stripe, rawBody, signature);
  if (await hasBillingEvent(ctx.db, 'stripe', event.id)) return { received: true };
  const billingEvent = await callStripe(() => billingEventOfStripe(ctx.db, stripe, event, ctx.log));
  await applyBillingEvent(ctx.db, billingEvent, ctx.activity);
  return { received: true };
}
