import type { Plan } from '@codedocs/contract';
import type { Purchase, Subscription } from '@codedocs/db';
import { newId, randomSecret, sha256 } from '../../auth/random-id';
import { notFound } from '../../errors/index';
import {
  findPurchaseByRef,
  insertPurchase,
  listPendingPurchasesBefore,
} from '../../repositories/billing-repository';
import type { Db } from '../../repositories/db';
import type { ActivityFeed } from '../activity/activity-feed';
import {
  applyBillingEvent,
  isProviderPurchase,
  outcomeOfPurchase,
  type SubscriptionSnapshot,
} from './billing-events';
import { catalogueEntry, storedPlan } from './plans';

/**
 * BILLING=test: a checkout that runs on this server and moves no money. Its page
 * (`/api/v2/payments/test-checkout/<token>`) pays or cancels, and both end in
 * `applyBillingEvent`, as a Stripe webhook does. Its subscriptions renew by themselves each month
 * (`settleTestPeriod`), when a cancellation or a downgrade waiting for the period's end applies.
 */

/** Where the test checkout page of a token lives (relative: the origin the person uses). */
export const testCheckoutPath = (token: string) => `/api/v2/payments/test-checkout/${token}`;

/** The period a paid test subscription runs before it renews: one calendar month. */
function addMonth(iso: string): string {
  const date = new Date(iso);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return date.toISOString();
}

/** Opens a test checkout for the plan: a pending purchase and the page's address. */
export async function openTestCheckout(db: Db, userId: string, plan: Plan): Promise<string> {
  // the token is the page's only credential (the browser brings no bearer header there)
  const token = randomSecret();
  await insertPurchase(db, {
    id: newId(),
    user_id: userId,
    plan_id: plan.plan_id,
    price_id: plan.price_id,
    status: 'pending',
    amount: plan.amount,
    currency: plan.currency,
    provider: 'test',
    provider_ref: sha256(token),
  });
  return testCheckoutPath(token);
}

/** The purchase a test checkout token opened (404 for any other token). */
export async function testCheckoutPurchase(db: Db, token: string): Promise<Purchase> {
  const purchase = await findPurchaseByRef(db, 'test', sha256(token));
  if (!purchase) throw notFound('This checkout does not exist');
  return purchase;
}

/** Whether the subscription is a paid test subscription still running. */
function runningTestSubscription(row: Subscription | undefined): row is Subscription & {
  provider_ref: string;
} {
  return (
    row?.provider === 'test' &&
    row.provider_ref !== null &&
    catalogueEntry(storedPlan(row.plan_id)).amount > 0
  );
}

/**
 * The subscription a paid test checkout leads to: a new plan at once and a new month, or, when
 * it is cheaper than the plan running, that plan kept until the period ends.
 */
function subscriptionAfterPayment(
  current: Subscription | undefined,
  purchase: Purchase,
  at: string,
): SubscriptionSnapshot {
  const bought = catalogueEntry(storedPlan(purchase.plan_id));
  const base = {
    provider: 'test' as const,
    userId: purchase.user_id,
    customerRef: null,
    state: 'active' as const,
    cancelAtPeriodEnd: false,
    observedAt: at,
  };
  if (runningTestSubscription(current)) {
    const running = catalogueEntry(storedPlan(current.plan_id));
    if (bought.amount < running.amount) {
      return {
        ...base,
        ref: current.provider_ref,
        plan: running.plan_id,
        currentPeriodEnd: current.current_period_end,
        scheduledPlan: bought.plan_id,
      };
    }
  }
  return {
    ...base,
    ref: runningTestSubscription(current) ? current.provider_ref : `tsub_${newId()}`,
    plan: bought.plan_id,
    currentPeriodEnd: addMonth(at),
    scheduledPlan: null,
  };
}

/**
 * The test checkout's Pay: the purchase is paid and the plan given, through the same
 * `applyBillingEvent` as a provider's webhook. A checkout no longer pending changes nothing.
 */
export async function payTestCheckout(
  db: Db,
  token: string,
  current: Subscription | undefined,
  activity?: ActivityFeed,
): Promise<Purchase> {
  const purchase = await testCheckoutPurchase(db, token);
  if (purchase.status !== 'pending' || !isProviderPurchase(purchase)) return purchase;
  const at = new Date().toISOString();
  await applyBillingEvent(
    db,
    {
      provider: 'test',
      id: `evt_test_${newId()}`,
      type: 'checkout.completed',
      checkout: outcomeOfPurchase(purchase, 'paid'),
      subscription: subscriptionAfterPayment(current, purchase, at),
    },
    activity,
  );
  return testCheckoutPurchase(db, token);
}

/** The test checkout's Cancel: the purchase is canceled; nothing else changes. */
export async function cancelTestCheckout(db: Db, token: string): Promise<Purchase> {
  const purchase = await testCheckoutPurchase(db, token);
  if (purchase.status !== 'pending' || !isProviderPurchase(purchase)) return purchase;
  await applyBillingEvent(db, {
    provider: 'test',
    id: `evt_test_${newId()}`,
    type: 'checkout.canceled',
    checkout: outcomeOfPurchase(purchase, 'canceled'),
  });
  return testCheckoutPurchase(db, token);
}

/** How long a test checkout page stays open, as Stripe's Checkout Sessions do by default. */
export const TEST_CHECKOUT_OPEN_MS = 24 * 60 * 60_000;

/**
 * Test checkouts opened more than a day ago and neither paid nor canceled end as expired (a
 * Stripe session left open ends the same way, by its `checkout.session.expired` event), through
 * `applyBillingEvent`; their pages then pay nothing. Answers how many expired.
 */
export async function expireTestCheckouts(db: Db, now = Date.now()): Promise<number> {
  const before = new Date(now - TEST_CHECKOUT_OPEN_MS).toISOString();
  let expired = 0;
  for (const purchase of await listPendingPurchasesBefore(db, 'test', before)) {
    if (!isProviderPurchase(purchase)) continue;
    await applyBillingEvent(db, {
      provider: 'test',
      id: `evt_test_expired_${purchase.id}`,
      type: 'checkout.expired',
      checkout: outcomeOfPurchase(purchase, 'expired'),
    });
    expired += 1;
  }
  return expired;
}

/** The running test subscription as a snapshot, changed by `changes`. */
function snapshotOf(
  row: Subscription & { provider_ref: string },
  changes: Partial<SubscriptionSnapshot>,
): SubscriptionSnapshot {
  return {
    provider: 'test',
    userId: row.user_id,
    ref: row.provider_ref,
    customerRef: null,
    plan: storedPlan(row.plan_id),
    state: 'active',
    currentPeriodEnd: row.current_period_end,
    cancelAtPeriodEnd: row.cancel_requested_at !== null,
    scheduledPlan: row.scheduled_plan_id === null ? null : storedPlan(row.scheduled_plan_id),
    observedAt: new Date().toISOString(),
    ...changes,
  };
}

/**
 * Cancels (at the period's end) or resumes a running test subscription; false when there is
 * none to change.
 */
export async function setTestCancellation(
  db: Db,
  row: Subscription | undefined,
  cancel: boolean,
): Promise<boolean> {
  if (!runningTestSubscription(row)) return false;
  await applyBillingEvent(db, {
    provider: 'test',
    id: `evt_test_${newId()}`,
    type: cancel ? 'subscription.cancel' : 'subscription.resume',
    subscription: snapshotOf(row, { cancelAtPeriodEnd: cancel, scheduledPlan: null }),
  });
  return true;
}

/**
 * A test subscription whose period has passed: ended when it was canceled, else renewed for
 * the months that passed on the plan waiting for it (a downgrade) or the same plan. The event's
 * id names the period, so two readers settling it at once apply it once.
 */
export async function settleTestPeriod(db: Db, row: Subscription | undefined): Promise<boolean> {
  const now = new Date().toISOString();
  if (!runningTestSubscription(row) || !row.current_period_end || row.current_period_end > now) {
    return false;
  }
  let periodEnd = row.current_period_end;
  while (periodEnd <= now) periodEnd = addMonth(periodEnd);
  const ended = row.cancel_requested_at !== null;
  await applyBillingEvent(db, {
    provider: 'test',
    id: `evt_test_period_${row.provider_ref}_${row.current_period_end}`,
    type: ended ? 'subscription.ended' : 'subscription.renewed',
    subscription: snapshotOf(row, {
      state: ended ? 'ended' : 'active',
      plan:
        row.scheduled_plan_id === null
          ? storedPlan(row.plan_id)
          : storedPlan(row.scheduled_plan_id),
      currentPeriodEnd: periodEnd,
      cancelAtPeriodEnd: false,
      scheduledPlan: null,
    }),
  });
  return true;
}
