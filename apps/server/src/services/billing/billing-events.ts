import type { PlanId, PurchaseStatus } from '@codedocs/contract';
import type { Purchase } from '@codedocs/db';
import { newId } from '../../auth/random-id';
import {
  findPurchaseByRef,
  findSubscription,
  insertPurchase,
  insertSubscriptionIfMissing,
  recordBillingEvent,
  settlePurchase,
  updateSubscription,
} from '../../repositories/billing-repository';
import type { Db } from '../../repositories/db';
import type { ActivityFeed } from '../activity/activity-feed';
import { findUserById } from '../../repositories/users-repository';
import { storedPlan } from './plans';

/** The providers that sell plans (BILLING=off sells none). */
export type PaidProvider = 'test' | 'stripe';

/**
 * What a provider says a subscription is now. Stripe's comes from its API (read when an event
 * names the subscription), the test provider's from its own checkout page.
 */
export interface SubscriptionSnapshot {
  provider: PaidProvider;
  userId: string;
  /** The provider's subscription id (Stripe `sub_…`, test `tsub_…`). */
  ref: string;
  customerRef: string | null;
  /** The plan its price sells. */
  plan: PlanId;
  /** `ended`: canceled for good; the user is back on free. */
  state: 'active' | 'past_due' | 'ended';
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  /** A downgrade waiting for the period's end. */
  scheduledPlan: PlanId | null;
  /** When this state was read: an older reading is never applied over a newer one. */
  observedAt: string;
}

/** How a checkout ended. */
export interface CheckoutOutcome {
  provider: PaidProvider;
  /** The provider's checkout id (Stripe `cs_…`, the test token's hash). */
  ref: string;
  userId: string;
  plan: PlanId;
  priceId: string | null;
  amount: number;
  currency: string;
  status: Exclude<PurchaseStatus, 'pending'>;
}

/** The outcome of the checkout a purchase recorded when it opened. */
export function outcomeOfPurchase(
  purchase: Purchase & { provider: PaidProvider; provider_ref: string },
  status: CheckoutOutcome['status'],
): CheckoutOutcome {
  return {
    provider: purchase.provider,
    ref: purchase.provider_ref,
    userId: purchase.user_id,
    plan: storedPlan(purchase.plan_id),
    priceId: purchase.price_id,
    amount: purchase.amount,
    currency: purchase.currency,
    status,
  };
}

/** Whether a purchase came from a checkout a provider can report on. */
export function isProviderPurchase(
  purchase: Purchase,
): purchase is Purchase & { provider: PaidProvider; provider_ref: string } {
  return (
    (purchase.provider === 'test' || purchase.provider === 'stripe') &&
    purchase.provider_ref !== null
  );
}

/**
 * One thing a provider reported: a webhook event (its id de-duplicates redeliveries), the test
 * checkout's Pay and Cancel, or a state read back from the provider's API (no id).
 */
export interface BillingEvent {
  provider: PaidProvider;
  id: string | null;
  type: string;
  checkout?: CheckoutOutcome | undefined;
  subscription?: SubscriptionSnapshot | undefined;
}

/**
 * Applies a provider's event in one transaction: recorded by id first (a second delivery of
 * the same event changes nothing), then the checkout's purchase, then the subscription. Every
 * provider's purchases and plans change only here, so the test checkout's Pay takes the path of
 * a Stripe webhook.
 */
export async function applyBillingEvent(
  db: Db,
  event: BillingEvent,
  /** Where a purchase that turns paid is recorded as `plan.bought` (the buyer's activity). */
  activity?: ActivityFeed,
): Promise<'applied' | 'duplicate'> {
  return db.transaction().execute(async (trx) => {
    if (
      event.id !== null &&
      !(await recordBillingEvent(trx, {
        provider: event.provider,
        event_id: event.id,
        type: event.type,
      }))
    ) {
      return 'duplicate';
    }
    if (event.checkout) await applyCheckoutOutcome(trx, event.checkout, activity);
    if (event.subscription) await applySubscriptionSnapshot(trx, event.subscription);
    return 'applied';
  });
}

/** Settles the checkout's purchase, recording it when the checkout was not opened here. */
async function applyCheckoutOutcome(
  db: Db,
  outcome: CheckoutOutcome,
  activity: ActivityFeed | undefined,
): Promise<void> {
  const at = new Date().toISOString();
  const bought = async (purchaseId: string) => {
    if (!activity || outcome.status !== 'paid') return;
    await activity.record(db, {
      userId: outcome.userId,
      kind: 'plan.bought',
      subject: purchaseId,
      data: { plan: outcome.plan, amount: outcome.amount, currency: outcome.currency },
    });
  };
  const purchase = await findPurchaseByRef(db, outcome.provider, outcome.ref);
  if (purchase) {
    // a pending purchase takes any outcome; a settled one only turns paid (a checkout closed
    // here that Stripe had completed meanwhile), and a paid one never changes
    if (
      purchase.status === 'pending' ||
      (outcome.status === 'paid' && purchase.status !== 'paid')
    ) {
      await settlePurchase(db, purchase.id, outcome.status, at);
      await bought(purchase.id);
    }
    return;
  }
  // a deleted account's checkout: nothing left to record it on
  if (!(await findUserById(db, outcome.userId))) return;
  const id = newId();
  await insertPurchase(db, {
    id,
    user_id: outcome.userId,
    plan_id: outcome.plan,
    price_id: outcome.priceId,
    status: outcome.status,
    amount: outcome.amount,
    currency: outcome.currency,
    provider: outcome.provider,
    provider_ref: outcome.ref,
    completed_at: at,
  });
  await bought(id);
}

/**
 * Sets the user's subscription to what the provider says, unless the stored state was read
 * later (readings may arrive in any order) or the reading is of another subscription that
 * ended (an old one's end must not end the new one).
 */
async function applySubscriptionSnapshot(db: Db, snapshot: SubscriptionSnapshot): Promise<void> {
  if (!(await findUserById(db, snapshot.userId))) return;
  await insertSubscriptionIfMissing(db, {
    id: newId(),
    user_id: snapshot.userId,
    plan_id: 'free',
    status: 'active',
    provider: snapshot.provider,
  });
  const row = await findSubscription(db, snapshot.userId);
  if (!row) return;
  const sameSubscription = row.provider_ref === snapshot.ref;
  if (!sameSubscription && snapshot.state === 'ended') return;
  if (row.synced_at !== null && row.synced_at > snapshot.observedAt) return;
  const ended = snapshot.state === 'ended';
  const cancelRequestedAt =
    !ended && snapshot.cancelAtPeriodEnd
      ? ((sameSubscription ? row.cancel_requested_at : null) ?? snapshot.observedAt)
      : null;
  await updateSubscription(db, row.id, {
    plan_id: ended ? 'free' : snapshot.plan,
    status: ended ? 'active' : snapshot.state,
    current_period_end: ended ? null : snapshot.currentPeriodEnd,
    cancel_requested_at: cancelRequestedAt,
    scheduled_plan_id: ended ? null : snapshot.scheduledPlan,
    provider: snapshot.provider,
    provider_ref: snapshot.ref,
    customer_ref: snapshot.customerRef ?? row.customer_ref,
    synced_at: snapshot.observedAt,
    updated_at: new Date().toISOString(),
  });
}
