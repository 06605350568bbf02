import type { Purchase, Subscription } from '@codedocs/db';
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
