import { ErrorCode, NO_ACTIVE_PARSER_SUBSCRIPTION_FOUND, PLAN_CATALOGUE } from '@codedocs/contract';
import type { PlanId, SubscriptionResponse } from '@codedocs/contract';
import type { Subscription } from '@codedocs/db';
import { newId } from '../../auth/random-id';
import { InvalidTokenError } from '../../auth/tokens';
import { AppError } from '../../errors/index';
import {
  findSubscription,
  insertSubscriptionIfMissing,
  listPurchases,
  upsertPlan,
} from '../../repositories/billing-repository';
import type { Db } from '../../repositories/db';
import { presentPurchase } from '../../presenters/purchase-presenter';
import type { ServiceContext } from '../context';
import { catalogueEntry, storedPlan } from './plans';
import { settleTestPeriod } from './test-provider';

/** Writes the contract's plan catalogue into `plans`; run at every start (idempotent). */
export async function seedPlans(db: Db): Promise<void> {
  for (const plan of PLAN_CATALOGUE) {
    await upsertPlan(db, {
      id: plan.plan_id,
      name: plan.name,
      price_id: plan.price_id,
      amount: plan.amount,
      currency: plan.currency,
      quotas: JSON.stringify(plan.quotas),
    });
  }
}

export { catalogueEntry } from './plans';

/** The plan a new user starts on: free, or self-hosted when billing is off. */
export async function giveStartingPlan(ctx: PlanContext, userId: string): Promise<void> {
  await insertSubscriptionIfMissing(ctx.db, {
    id: newId(),
    user_id: userId,
    plan_id: ctx.config.billing === 'off' ? 'self-hosted' : 'free',
    status: 'active',
    provider: ctx.config.billing,
  });
}

/** What reading a plan needs (the job worker has no mailer or tokens). */
type PlanContext = Pick<ServiceContext, 'db' | 'config'>;

interface CurrentPlan {
  plan: PlanId;
  status: SubscriptionResponse['status'];
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  scheduledPlan: PlanId | null;
  /** The stored row (undefined with BILLING=off). */
  row: Subscription | undefined;
}

/**
 * The user's subscription row, made on first use; a test subscription whose period has passed
 * is renewed or ended first (nothing outside this server would do it).
 */
export async function subscriptionRow(
  ctx: PlanContext,
  userId: string,
): Promise<Subscription | undefined> {
  let row = await findSubscription(ctx.db, userId);
  if (!row) {
    await giveStartingPlan(ctx, userId);
    row = await findSubscription(ctx.db, userId);
  }
  if (ctx.config.billing === 'test' && (await settleTestPeriod(ctx.db, row))) {
    row = await findSubscription(ctx.db, userId);
  }
  return row;
}

/** The plan the user is on now; with BILLING=off everyone is self-hosted. */
export async function currentPlan(ctx: PlanContext, userId: string): Promise<CurrentPlan> {
  if (ctx.config.billing === 'off') {
    return {
      plan: 'self-hosted',
      status: 'active',
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      scheduledPlan: null,
      row: undefined,
    };
  }
  const row = await subscriptionRow(ctx, userId);
  const status = row?.status;
  return {
    plan: storedPlan(row?.plan_id),
    status: status === 'past_due' || status === 'canceled' ? status : 'active',
    currentPeriodEnd: row?.current_period_end ?? null,
    cancelAtPeriodEnd: row?.cancel_requested_at != null,
    scheduledPlan: row?.scheduled_plan_id ? storedPlan(row.scheduled_plan_id) : null,
    row,
  };
}

/** `GET /api/v2/payments/subscription`: the plan, its quotas, purchases and a fresh plan token. */
export async function getSubscription(
  ctx: ServiceContext,
  userId: string,
): Promise<SubscriptionResponse> {
  const current = await currentPlan(ctx, userId);
  const purchases = await listPurchases(ctx.db, userId);
  return {
    plan: current.plan,
    status: current.status,
    current_period_end: current.currentPeriodEnd,
    cancel_at_period_end: current.cancelAtPeriodEnd,
    scheduled_plan: current.scheduledPlan,
    billing: ctx.config.billing,
    portal: ctx.config.billing === 'stripe' && Boolean(current.row?.customer_ref),
    quotas: catalogueEntry(current.plan).quotas,
    purchases: purchases.map(presentPurchase),
    jwt: await ctx.tokens.sign('plan', { sub: userId, plan: current.plan }),
  };
}

function noSubscription(): AppError {
  return new AppError(ErrorCode.subscriptionRequired, NO_ACTIVE_PARSER_SUBSCRIPTION_FOUND);
}

/**
 * For the generate endpoints: the plan a request may use, from the `x-plan` token. The token
 * must be ours, unexpired, issued to this user, and name the plan the user's stored subscription
 * still has (a cancelled or changed plan makes old tokens useless). Anything else is 403
 * "No active parser subscription found".
 */
export async function verifyPlanToken(
  ctx: ServiceContext,
  token: string | undefined,
  userId: string,
): Promise<PlanId> {
  if (!token) throw noSubscription();
  let claims;
  try {
    claims = await ctx.tokens.verify('plan', token);
  } catch (error) {
    if (error instanceof InvalidTokenError) throw noSubscription();
    throw error;
  }
  if (claims.sub !== userId) throw noSubscription();
  const current = await currentPlan(ctx, userId);
  if (current.status !== 'active' || current.plan !== claims.plan) throw noSubscription();
  return current.plan;
}
