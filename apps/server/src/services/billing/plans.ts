import { PLAN_CATALOGUE, planIdSchema } from '@codedocs/contract';
import type { Plan, PlanId } from '@codedocs/contract';

/** The catalogue's entry of a plan. */
export function catalogueEntry(planId: PlanId): Plan {
  const plan = PLAN_CATALOGUE.find((entry) => entry.plan_id === planId);
  if (!plan) throw new Error(`Plan ${planId} is missing from the catalogue`);
  return plan;
}

/** A stored plan id as the catalogue's (an unknown one reads as free). */
export function storedPlan(planId: string | null | undefined): PlanId {
  return planIdSchema.catch('free').parse(planId);
}

/** The plan sold at one of the catalogue's price ids, if any. */
export function planOfPriceId(priceId: string): Plan | undefined {
  return PLAN_CATALOGUE.find((plan) => plan.price_id !== null && plan.price_id === priceId);
}
