import type { Plan } from '@codedocs/contract';
import type { Subscription } from '@codedocs/db';
import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import { newId } from '../../auth/random-id';
import type { StripeConfig } from '../../config';
import { ErrorCode } from '@codedocs/contract';
import { AppError, badRequest } from '../../errors/index';
import {
  findPurchaseByRef,
  findSubscriptionByRef,
  insertPurchase,
} from '../../repositories/billing-repository';
import type { Db } from '../../repositories/db';
import type { BillingEvent, CheckoutOutcome, SubscriptionSnapshot } from './billing-events';
import { catalogueEntry, storedPlan } from './plans';

/**
 * BILLING=stripe: Checkout Sessions to buy, the customer portal to change plans and manage
 * payment, and webhooks (signature checked on the raw body) that are the only way a plan is
 * granted. Whatever an event says about a subscription is read back from the API before it is
 * applied, so events may arrive in any order and twice.
 */

const clients = new WeakMap<StripeConfig, Stripe>();

/** The Stripe client of a configuration (its API address may be replaced: stripe-mock, tests). */
export function stripeClient(config: StripeConfig): Stripe {
  let client = clients.get(config);
  if (!client) {
    const api = config.apiUrl ? new URL(config.apiUrl) : undefined;
    const protocol = api?.protocol === 'http:' ? 'http' : 'https';
    client = new Stripe(config.secretKey, {
      ...(api && {
        host: api.hostname,
        port: api.port || (protocol === 'http' ? 80 : 443),
        protocol,
      }),
      maxNetworkRetries: 2,
      timeout: 20_000,
      appInfo: { name: 'CodeDocs' },
    });
    clients.set(config, client);
  }
  return client;
}

function stripePrice(config: StripeConfig, plan: Plan): string {
  const price = config.prices[plan.plan_id];
  if (!price) throw new Error(`STRIPE_PRICES has no price for ${plan.plan_id}`);
  return price;
}

/** Where Stripe sends the browser back: the Parser settings page with the purchase's id. */
export interface ReturnUrls {
  success: string;
  cancel: string;
}

/** A new Checkout Session for the plan, recorded as a pending purchase; answers its URL. */
export async function openStripeCheckout(
  db: Db,
  config: StripeConfig,
  user: { id: string; email: string },
  current: Subscription | undefined,
  plan: Plan,
  returnUrls: (purchaseId: string) => ReturnUrls,
): Promise<string> {
  const purchaseId = newId();
  const urls = returnUrls(purchaseId);
  const customer = current?.provider === 'stripe' ? current.customer_ref : null;
  const session = await stripeClient(config).checkout.sessions.create(
    {
      mode: 'subscription',
      line_items: [{ price: stripePrice(config, plan), quantity: 1 }],
      success_url: urls.success,
      cancel_url: urls.cancel,
      client_reference_id: user.id,
      ...(customer ? { customer } : { customer_email: user.email }),
      metadata: { user_id: user.id, plan_id: plan.plan_id, purchase_id: purchaseId },
      subscription_data: { metadata: { user_id: user.id, plan_id: plan.plan_id } },
    },
    { idempotencyKey: `checkout-${purchaseId}` },
  );
  if (!session.url) throw new Error('Stripe answered a Checkout Session without a URL');
  await insertPurchase(db, {
    id: purchaseId,
    user_id: user.id,
    plan_id: plan.plan_id,
    price_id: plan.price_id,
    status: 'pending',
    amount: session.amount_total ?? plan.amount,
    currency: session.currency ?? plan.currency,
    provider: 'stripe',
    provider_ref: session.id,
  });
  return session.url;
}

/** Whether the user has a Stripe subscription that still runs (a change goes to the portal). */
export function runningStripeSubscription(
  row: Subscription | undefined,
): row is Subscription & { provider_ref: string; customer_ref: string } {
  return (
    row?.provider === 'stripe' &&
    row.provider_ref !== null &&
    row.customer_ref !== null &&
    catalogueEntry(storedPlan(row.plan_id)).amount > 0
  );
}

/**
 * A change of a running subscription to another plan: the customer portal's confirmation of
 * exactly that change (Stripe prorates, or schedules downgrades at the period's end when the
 * portal is configured to).
 */
export async function openStripePlanChange(
  config: StripeConfig,
  row: Subscription & { provider_ref: string; customer_ref: string },
  plan: Plan,
  returnUrl: string,
): Promise<string> {
  const stripe = stripeClient(config);
  const subscription = await stripe.subscriptions.retrieve(row.provider_ref);
  const item = subscription.items.data[0];
  if (!item) throw new Error(`Stripe subscription ${subscription.id} has no item`);
  const portal = await stripe.billingPortal.sessions.create({
    customer: row.customer_ref,
    return_url: returnUrl,
    flow_data: {
      type: 'subscription_update_confirm',
      subscription_update_confirm: {
        subscription: subscription.id,
        items: [{ id: item.id, price: stripePrice(config, plan), quantity: 1 }],
      },
      after_completion: { type: 'redirect', redirect: { return_url: returnUrl } },
    },
  });
  return portal.url;
}

/** The customer portal (payment methods, invoices, cancel or change). */
export async function openStripePortal(
  config: StripeConfig,
  customer: string,
  returnUrl: string,
): Promise<string> {
  const portal = await stripeClient(config).billingPortal.sessions.create({
    customer,
    return_url: returnUrl,
  });
  return portal.url;
}

/** Asks Stripe to cancel (at the period's end) or resume the subscription; answers its state. */
export async function setStripeCancellation(
  config: StripeConfig,
  row: Subscription & { provider_ref: string },
  cancel: boolean,
  log: FastifyBaseLogger,
): Promise<SubscriptionSnapshot | undefined> {
  const subscription = await stripeClient(config).subscriptions.update(row.provider_ref, {
    cancel_at_period_end: cancel,
  });
  return snapshotOfStripe(config, subscription, row.user_id, new Date().toISOString(), log);
}

/** Expires an open Checkout Session (the buyer came back through its cancel URL). */
export async function expireStripeCheckout(config: StripeConfig, sessionId: string): Promise<void> {
  try {
    await stripeClient(config).checkout.sessions.expire(sessionId);
  } catch (error) {
    // completed or expired meanwhile: its webhook says what happened
    if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
  }
}

const customerId = (customer: string | { id: string } | null): string | null =>
  customer === null ? null : typeof customer === 'string' ? customer : customer.id;

/** What a Stripe subscription means here; undefined while it grants nothing yet. */
function snapshotOfStripe(
  config: StripeConfig,
  subscription: Stripe.Subscription,
  userId: string,
  observedAt: string,
  log: FastifyBaseLogger,
): SubscriptionSnapshot | undefined {
  const item = subscription.items.data[0];
  const priceId = item?.price.id;
  const planId = Object.entries(config.prices).find(([, price]) => price === priceId)?.[0];
  if (!item || !planId) {
    log.warn(
      { subscription: subscription.id, price: priceId },
      'Stripe price not in STRIPE_PRICES',
    );
    return undefined;
  }
  const state = (
    {
      active: 'active',
      trialing: 'active',
      past_due: 'past_due',
      unpaid: 'past_due',
      canceled: 'ended',
      incomplete_expired: 'ended',
      paused: 'ended',
    } as const
  )[subscription.status as string];
  // `incomplete`: the first payment has not gone through; nothing is granted yet
  if (!state) return undefined;
  return {
    provider: 'stripe',
    userId,
    ref: subscription.id,
    customerRef: customerId(subscription.customer),
    plan: storedPlan(planId),
    state,
    currentPeriodEnd: new Date(item.current_period_end * 1000).toISOString(),
    cancelAtPeriodEnd: subscription.cancel_at_period_end || subscription.cancel_at !== null,
    scheduledPlan: null,
    observedAt,
  };
}

/** Verifies a webhook's Stripe-Signature on its raw body; 400 when it does not match. */
export function verifyStripeEvent(
  config: StripeConfig,
  rawBody: Buffer,
  signature: string | undefined,
): Stripe.Event {
  try {
    return stripeClient(config).webhooks.constructEvent(
      rawBody,
      signature ?? '',
      config.webhookSecret,
    );
  } catch {
    throw badRequest(undefined, 'The Stripe-Signature header does not match this request');
  }
}

/** The user a Stripe subscription belongs to: its metadata, else the stored subscription. */
async function ownerOf(db: Db, subscription: Stripe.Subscription): Promise<string | undefined> {
  const fromMetadata = subscription.metadata['user_id'];
  if (fromMetadata) return fromMetadata;
  return (await findSubscriptionByRef(db, 'stripe', subscription.id))?.user_id;
}

const CHECKOUT_OUTCOMES: Record<string, CheckoutOutcome['status'] | undefined> = {
  'checkout.session.completed': 'paid',
  'checkout.session.async_payment_succeeded': 'paid',
  'checkout.session.async_payment_failed': 'failed',
  'checkout.session.expired': 'expired',
};

/** A checkout's outcome, from its session and the purchase recorded when it opened. */
async function checkoutOutcome(
  db: Db,
  session: Stripe.Checkout.Session,
  status: CheckoutOutcome['status'],
): Promise<CheckoutOutcome | undefined> {
  const purchase = await findPurchaseByRef(db, 'stripe', session.id);
  const userId = purchase?.user_id ?? session.client_reference_id ?? session.metadata?.['user_id'];
  if (!userId) return undefined;
  const plan = catalogueEntry(storedPlan(purchase?.plan_id ?? session.metadata?.['plan_id']));
  return {
    provider: 'stripe',
    ref: session.id,
    userId,
    plan: plan.plan_id,
    priceId: plan.price_id,
    amount: session.amount_total ?? plan.amount,
    currency: session.currency ?? plan.currency,
    status,
  };
}

/**
 * A paid invoice that renews a subscription (`billing_reason` subscription_cycle): a payment to
 * record as a purchase of its own (the invoice id is its reference). The first invoice of a
 * subscription is the checkout's, recorded by the checkout's events, so only cycles count.
 */
function renewalOf(
  invoice: Stripe.Invoice,
): { invoiceId: string; subscriptionId: string; amount: number; currency: string } | null {
  const subscription = invoice.parent?.subscription_details?.subscription;
  if (!invoice.id || !subscription || invoice.billing_reason !== 'subscription_cycle') return null;
  return {
    invoiceId: invoice.id,
    subscriptionId: typeof subscription === 'string' ? subscription : subscription.id,
    amount: invoice.amount_paid,
    currency: invoice.currency,
  };
}

/**
 * A verified Stripe event as a billing event. Subscriptions are read back from the API (the
 * event's copy may be older than one already applied); types that matter to nobody here come
 * back with neither a checkout nor a subscription and are only recorded.
 */
export async function billingEventOfStripe(
  db: Db,
  config: StripeConfig,
  event: Stripe.Event,
  log: FastifyBaseLogger,
): Promise<BillingEvent> {
  const billingEvent: BillingEvent = { provider: 'stripe', id: event.id, type: event.type };
  let subscriptionId: string | null = null;
  let userId: string | undefined;
  const outcome = CHECKOUT_OUTCOMES[event.type];
  if (outcome) {
    const session = event.data.object as Stripe.Checkout.Session;
    if (session.mode !== 'subscription') return billingEvent;
    // a completed checkout whose payment is still under way (bank debits) grants nothing yet
    const paid = session.payment_status !== 'unpaid';
    if (outcome !== 'paid' || paid) {
      billingEvent.checkout = await checkoutOutcome(db, session, outcome);
    }
    if (outcome === 'paid' && paid && session.subscription) {
      subscriptionId =
        typeof session.subscription === 'string' ? session.subscription : session.subscription.id;
      userId = billingEvent.checkout?.userId;
    }
  } else if (event.type.startsWith('customer.subscription.')) {
    subscriptionId = (event.data.object as Stripe.Subscription).id;
  }
  const renewal =
    event.type === 'invoice.paid' ? renewalOf(event.data.object as Stripe.Invoice) : null;
  if (renewal) subscriptionId = renewal.subscriptionId;
  if (subscriptionId) {
    const observedAt = new Date().toISOString();
    const subscription = await stripeClient(config).subscriptions.retrieve(subscriptionId);
    userId ??= await ownerOf(db, subscription);
    if (userId) {
      billingEvent.subscription = snapshotOfStripe(config, subscription, userId, observedAt, log);
    }
    const plan = billingEvent.subscription?.plan;
    if (renewal && userId && plan) {
      billingEvent.checkout = {
        provider: 'stripe',
        ref: renewal.invoiceId,
        userId,
        plan,
        priceId: subscription.items.data[0]?.price.id ?? null,
        amount: renewal.amount,
        currency: renewal.currency,
        status: 'paid',
      };
    }
  }
  return billingEvent;
}

/** The error a Stripe call failed with, as an answer that says what happened. */
function stripeUnavailable(error: unknown): AppError {
  return new AppError(
    ErrorCode.badGateway,
    error instanceof Stripe.errors.StripeError
      ? `Stripe refused the request: ${error.message}`
      : 'Stripe could not be reached; try again in a moment',
  );
}

/** Runs calls to Stripe, answering 502 with what went wrong when one fails. */
export async function callStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw stripeUnavailable(error);
  }
}

/** The Stripe settings of a BILLING=stripe server. */
export function requireStripe(config: { stripe?: StripeConfig | undefined }): StripeConfig {
  if (!config.stripe) throw new Error('BILLING=stripe without Stripe settings');
  return config.stripe;
}
