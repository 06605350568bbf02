import type { Database, Purchase, Subscription } from '@codedocs/db';
import type { Insertable, Updateable } from 'kysely';
import type { Db } from './db';

/** Writes a plan of the catalogue, updating it when it exists (safe at every start). */
export async function upsertPlan(
  db: Db,
  plan: {
    id: string;
    name: string;
    price_id: string | null;
    amount: number;
    currency: string;
    quotas: string;
  },
): Promise<void> {
  await db
    .insertInto('plans')
    .values(plan)
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({
        name: plan.name,
        price_id: plan.price_id,
        amount: plan.amount,
        currency: plan.currency,
        quotas: plan.quotas,
      }),
    )
    .execute();
}

/** The user's subscription row, if any. */
export async function findSubscription(db: Db, userId: string): Promise<Subscription | undefined> {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Gives a user a subscription unless one exists (two concurrent callers end with one row). */
export async function insertSubscriptionIfMissing(
  db: Db,
  subscription: { id: string; user_id: string; plan_id: string; status: string; provider: string },
): Promise<void> {
  await db
    .insertInto('subscriptions')
    .values(subscription)
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

/** The user's purchases, newest first. */
export async function listPurchases(db: Db, userId: string): Promise<Purchase[]> {
  return db
    .selectFrom('purchases')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .execute();
}

/** The subscription a provider knows by this reference (Stripe `sub_…`), if any. */
export async function findSubscriptionByRef(
  db: Db,
  provider: string,
  ref: string,
): Promise<Subscription | undefined> {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('provider', '=', provider)
    .where('provider_ref', '=', ref)
    .executeTakeFirst();
}

/** Changes some columns of a subscription. */
export async function updateSubscription(
  db: Db,
  id: string,
  changes: Updateable<Database['subscriptions']>,
): Promise<void> {
  await db.updateTable('subscriptions').set(changes).where('id', '=', id).execute();
}

/** Records a purchase (a checkout opened, or one a provider reported that we had not seen). */
export async function insertPurchase(
  db: Db,
  purchase: Insertable<Database['purchases']>,
): Promise<void> {
  await db.insertInto('purchases').values(purchase).execute();
}

/** The purchase a provider knows by this reference (Stripe `cs_…`, a test token's hash). */
export async function findPurchaseByRef(
  db: Db,
  provider: string,
  ref: string,
): Promise<Purchase | undefined> {
  return db
    .selectFrom('purchases')
    .selectAll()
    .where('provider', '=', provider)
    .where('provider_ref', '=', ref)
    .executeTakeFirst();
}

/** A provider's purchases still pending that were opened before `before` (oldest first). */
export async function listPendingPurchasesBefore(
  db: Db,
  provider: string,
  before: string,
): Promise<Purchase[]> {
  return db
    .selectFrom('purchases')
    .selectAll()
    .where('provider', '=', provider)
    .where('status', '=', 'pending')
    .where('created_at', '<', before)
    .orderBy('created_at')
    .execute();
}

/** One of the user's purchases (another user's id finds nothing). */
export async function findPurchaseOfUser(
  db: Db,
  userId: string,
  id: string,
): Promise<Purchase | undefined> {
  return db
    .selectFrom('purchases')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Sets a pending purchase's outcome; a purchase already settled keeps its status. */
export async function settlePurchase(
  db: Db,
  id: string,
  status: string,
  at: string,
): Promise<void> {
  await db
    .updateTable('purchases')
    .set({ status, completed_at: at, updated_at: at })
    .where('id', '=', id)
    .where('status', '!=', 'paid')
    .execute();
}

/**
 * Records that a provider event is being applied; false when it was already (Stripe delivers
 * at least once). Run in the transaction that applies the event, so a failed one is retried.
 */
export async function recordBillingEvent(
  db: Db,
  event: { provider: string; event_id: string; type: string },
): Promise<boolean> {
  const inserted = await db
    .insertInto('billing_events')
    .values(event)
    .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
    .returning('event_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Whether a provider event was applied already. */
export async function hasBillingEvent(db: Db, provider: string, eventId: string): Promise<boolean> {
  const row = await db
    .selectFrom('billing_events')
    .select('event_id')
    .where('provider', '=', provider)
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  return row !== undefined;
}
