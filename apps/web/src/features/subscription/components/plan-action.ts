import type { Plan } from '@codedocs/contract';
import type { Subscription } from '../store/subscription-slice';

/** What a plan's card offers, given the subscription. */
export type PlanAction =
  | { kind: 'none'; note: string | null }
  | { kind: 'buy' | 'change'; label: string; note: string | null }
  | { kind: 'cancel' | 'resume'; label: string; note: string | null };

const isPaid = (plan: Plan | undefined) => plan !== undefined && plan.amount > 0;

/**
 * The button (and the line under it) of each plan card: Buy from a free plan, Change between
 * paid plans (a cheaper one waits for the period's end), Cancel or Resume on the paid plan one
 * is on. Nothing is sold with billing off.
 */
export function planAction(
  plan: Plan,
  subscription: Subscription | null,
  plans: readonly Plan[],
): PlanAction {
  if (!subscription || subscription.billing === 'off') return { kind: 'none', note: null };
  const current = plans.find((entry) => entry.plan_id === subscription.plan);
  if (plan.plan_id === subscription.plan) {
    if (!isPaid(plan)) return { kind: 'none', note: null };
    return subscription.cancel_at_period_end
      ? { kind: 'resume', label: 'Resume plan', note: 'Ends at the end of the period.' }
      : { kind: 'cancel', label: 'Cancel plan', note: null };
  }
  if (plan.plan_id === subscription.scheduled_plan) {
    return { kind: 'none', note: 'Starts at the end of the current period.' };
  }
  if (!plan.price_id) {
    return {
      kind: 'none',
      note: isPaid(current) ? 'You return to this plan when a paid plan ends.' : null,
    };
  }
  if (!isPaid(current)) return { kind: 'buy', label: `Buy ${plan.name}`, note: null };
  const cheaper = plan.amount < (current?.amount ?? 0);
  let note: string | null = cheaper ? 'Takes effect at the end of the current period.' : null;
  if (subscription.billing === 'stripe') note = 'You confirm the change in the billing portal.';
  return { kind: 'change', label: `Change to ${plan.name}`, note };
}
