import { planIdSchema } from '@codedocs/contract';
import type { Purchase } from '@codedocs/contract';
import type { Purchase as PurchaseRow } from '@codedocs/db';

/** A purchase as the profile and subscription answers list it. */
export function presentPurchase(row: PurchaseRow): Purchase {
  return {
    purchase_id: row.id,
    plan: planIdSchema.catch('free').parse(row.plan_id),
    price_id: row.price_id,
    status: row.status,
    amount: row.amount,
    currency: row.currency,
    created_at: row.created_at,
  };
}
