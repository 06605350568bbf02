import type { CheckoutResponse, Purchase, SubscriptionResponse } from '@codedocs/contract';
import type { User } from '@codedocs/db';
import { badRequest, conflict, notFound } from '../../errors/index';
import { presentPurchase } from '../../presenters/purchase-presenter';
import { findPurchaseOfUser } from '../../repositories/billing-repository';
import { linkBaseOf, type ClientInfo, type ServiceContext } from '../context';
import { applyBillingEvent, isProviderPurchase, outcomeOfPurchase } from './billing-events';
import { planOfPriceId } from './plans';
import {
  callStripe,
  expireStripeCheckout,
  openStripeCheckout,
  openStripePlanChange,
  openStripePortal,
  runningStripeSubscription,
  requireStripe,
  setStripeCancellation,
} from './stripe-provider';
import { currentPlan, getSubscription } from './subscription-service';
import { openTestCheckout, setTestCancellation } from './test-provider';

/** The Parser settings page, where every checkout and portal visit comes back to. */
const PARSER_SETTINGS = '/app/settings/parser';

/** Answers 404 with the reason when this server sells nothing. */
export function requireBilling(ctx: ServiceContext): 'test' | 'stripe' {
  const { billing } = ctx.config;
  if (billing === 'off') {
    throw notFound(
      'Billing is off on this server: everyone has the Self-hosted plan, with no limits',
    );
  }
  return billing;
}

/**
 * `POST /api/v2/payments/checkout {price_id}`: where to send the browser to buy the plan of
 * this price: the test checkout page, a Stripe Checkout Session, or (a running Stripe
 * subscription changing plan) the portal's confirmation of that change. The plan itself is
 * granted only when the provider reports the payment.
 */
export async function startCheckout(
  ctx: ServiceContext,
  user: User,
  priceId: string,
  client: ClientInfo,
): Promise<CheckoutResponse> {
  const billing = requireBilling(ctx);
  const plan = planOfPriceId(priceId);
  if (!plan) throw badRequest('body.price_id', 'No plan is sold at this price');
  const current = await currentPlan(ctx, user.id);
  if (current.plan === plan.plan_id) {
    throw conflict(
      current.cancelAtPeriodEnd
        ? `You are on the ${plan.name} plan already; resume it instead of buying it again`
        : `You are on the ${plan.name} plan already`,
    );
  }
  if (billing === 'test') return { url: await openTestCheckout(ctx.db, user.id, plan) };
  const stripe = requireStripe(ctx.config);
  const base = `${linkBaseOf(ctx.config, client)}${PARSER_SETTINGS}`;
  const row = current.row;
  if (runningStripeSubscription(row)) {
    return { url: await callStripe(() => openStripePlanChange(stripe, row, plan, base)) };
  }
  const url = await callStripe(() =>
    openStripeCheckout(ctx.db, stripe, user, row, plan, (purchaseId) => ({
      success: `${base}?checkout=${purchaseId}`,
      cancel: `${base}?checkout=${purchaseId}&canceled=1`,
    })),
  );
  return { url };
}

/** `GET /api/v2/payments/purchases/{id}`: one of the caller's purchases (a checkout's outcome). */
export async function getPurchase(
  ctx: ServiceContext,
  userId: string,
  id: string,
): Promise<Purchase> {
  const purchase = await findPurchaseOfUser(ctx.db, userId, id);
  if (!purchase) throw notFound('Purchase not found');
  return presentPurchase(purchase);
}

/**
 * `POST /api/v2/payments/purchases/{id}/cancel`: the buyer came back through the checkout's
 * cancel address; a checkout still open is closed and its purchase marked canceled. A purchase
 * already settled is answered as it is.
 */
export async function abandonCheckout(
  ctx: ServiceContext,
  userId: string,
  id: string,
): Promise<Purchase> {
  const billing = requireBilling(ctx);
  const purchase = await findPurchaseOfUser(ctx.db, userId, id);
  if (!purchase) throw notFound('Purchase not found');
  if (purchase.status !== 'pending' || !isProviderPurchase(purchase)) {
    return presentPurchase(purchase);
  }
  if (billing === 'stripe' && purchase.provider === 'stripe') {
    const stripe = requireStripe(ctx.config);
    const sessionId = purchase.provider_ref;
    await callStripe(() => expireStripeCheckout(stripe, sessionId));
  }
  await applyBillingEvent(ctx.db, {
    provider: purchase.provider,
    id: null,
    type: 'checkout.abandoned',
    checkout: outcomeOfPurchase(purchase, 'canceled'),
  });
  return getPurchase(ctx, userId, id);
}

/**
 * `POST /api/v2/payments/subscription/cancel` and `/resume`: the paid plan ends at the period's
 * end (a downgrade waiting for it is dropped), or keeps renewing. 409 without a paid plan.
 */
export async function setCancellation(
  ctx: ServiceContext,
  userId: string,
  cancel: boolean,
): Promise<SubscriptionResponse> {
  const billing = requireBilling(ctx);
  const { row } = await currentPlan(ctx, userId);
  const nothing = conflict('You have no paid plan to cancel or resume');
  if (billing === 'test') {
    if (!(await setTestCancellation(ctx.db, row, cancel))) throw nothing;
  } else {
    if (!runningStripeSubscription(row)) throw nothing;
    const stripe = requireStripe(ctx.config);
    const snapshot = await callStripe(() => setStripeCancellation(stripe, row, cancel, ctx.log));
    // the API's answer is Stripe's own state: applied now, its webhook changes nothing after
    await applyBillingEvent(ctx.db, {
      provider: 'stripe',
      id: null,
      type: cancel ? 'subscription.cancel' : 'subscription.resume',
      subscription: snapshot,
    });
  }
  return getSubscription(ctx, userId);
}

/** `POST /api/v2/payments/portal`: Stripe's customer portal for the caller. */
export async function openPortal(
  ctx: ServiceContext,
  userId: string,
  client: ClientInfo,
): Promise<CheckoutResponse> {
  const billing = requireBilling(ctx);
  const { row } = await currentPlan(ctx, userId);
  if (billing !== 'stripe' || !row?.customer_ref) {
    throw notFound(
      billing === 'test'
        ? 'The test checkout has no billing portal: change or cancel your plan on the Parser settings page'
        : 'You have no billing account yet: buy a plan first',
    );
  }
  const stripe = requireStripe(ctx.config);
  const customer = row.customer_ref;
  const returnUrl = `${linkBaseOf(ctx.config, client)}${PARSER_SETTINGS}`;
  return { url: await callStripe(() => openStripePortal(stripe, customer, returnUrl)) };
}
