import { z } from 'zod';

/** Plans of the catalogue. `self-hosted` is everyone's plan when BILLING=off. */
export const PLAN_IDS = ['free', 'pro', 'team', 'self-hosted'] as const;
export const planIdSchema = z.enum(PLAN_IDS);
export type PlanId = z.infer<typeof planIdSchema>;

/** Limits a plan grants; `null` means unlimited. */
export const planQuotasSchema = z.object({
  repos: z.number().int().nullable(),
  /** Objects documented by generation per calendar month. */
  generated_objects_per_month: z.number().int().nullable(),
  static_folders: z.number().int().nullable(),
  /** Bytes one static documentation folder (a built site) may take. */
  static_folder_bytes: z.number().int().nullable(),
});
export type PlanQuotas = z.infer<typeof planQuotasSchema>;

export const planSchema = z
  .object({
    plan_id: planIdSchema,
    name: z.string(),
    price_id: z.string().nullable(),
    amount: z.number().int(),
    currency: z.string(),
    interval: z.enum(['month', 'none']),
    quotas: planQuotasSchema,
  })
  .meta({ id: 'Plan' });
export type Plan = z.infer<typeof planSchema>;

/** The catalogue, the single source of plan facts for server and web. */
export const PLAN_CATALOGUE: readonly Plan[] = [
  {
    plan_id: 'free',
    name: 'Free',
    price_id: null,
    amount: 0,
    currency: 'usd',
    interval: 'none',
    quotas: {
      repos: 3,
      generated_objects_per_month: 2_000,
      static_folders: 3,
      static_folder_bytes: 50 * 1024 * 1024,
    },
  },
  {
    plan_id: 'pro',
    name: 'Pro',
    price_id: 'price_pro_monthly',
    amount: 1_500,
    currency: 'usd',
    interval: 'month',
    quotas: {
      repos: 50,
      generated_objects_per_month: 100_000,
      static_folders: 100,
      static_folder_bytes: 500 * 1024 * 1024,
    },
  },
  {
    plan_id: 'team',
    name: 'Team',
    price_id: 'price_team_monthly',
    amount: 4_900,
    currency: 'usd',
    interval: 'month',
    quotas: {
      repos: null,
      generated_objects_per_month: 1_000_000,
      static_folders: null,
      static_folder_bytes: 2 * 1024 * 1024 * 1024,
    },
  },
  {
    plan_id: 'self-hosted',
    name: 'Self-hosted',
    price_id: null,
    amount: 0,
    currency: 'usd',
    interval: 'none',
    quotas: {
      repos: null,
      generated_objects_per_month: null,
      static_folders: null,
      static_folder_bytes: null,
    },
  },
];

/** Where billing happens: `test` (built-in checkout, no money moves), `stripe`, or `off`. */
export const BILLING_MODES = ['test', 'stripe', 'off'] as const;
export const billingModeSchema = z.enum(BILLING_MODES);
export type BillingMode = z.infer<typeof billingModeSchema>;

/**
 * A purchase's life: `pending` while its checkout is open, then `paid`, `canceled` (the buyer
 * left the checkout), `expired` (the checkout timed out) or `failed` (the payment was refused).
 */
export const PURCHASE_STATUSES = ['pending', 'paid', 'canceled', 'expired', 'failed'] as const;
export const purchaseStatusSchema = z.enum(PURCHASE_STATUSES);
export type PurchaseStatus = z.infer<typeof purchaseStatusSchema>;

export const purchaseSchema = z
  .object({
    purchase_id: z.string(),
    plan: planIdSchema,
    price_id: z.string().nullable(),
    status: purchaseStatusSchema.or(z.string()),
    amount: z.number().int(),
    currency: z.string(),
    created_at: z.string(),
  })
  .meta({ id: 'Purchase' });
export type Purchase = z.infer<typeof purchaseSchema>;

/**
 * `GET /api/v2/payments/subscription`: the plan and a signed plan token (`jwt`, claims
 * `{sub, plan, exp}`) that the SPA stores in the `ps` cookie and sends back as `x-plan`.
 */
export const subscriptionResponseSchema = z
  .object({
    plan: planIdSchema,
    status: z.enum(['active', 'past_due', 'canceled']),
    current_period_end: z.string().nullable(),
    /** The plan ends at `current_period_end` (a cancellation waits for the period's end). */
    cancel_at_period_end: z.boolean(),
    /** A change of plan that takes effect at `current_period_end` (a downgrade). */
    scheduled_plan: planIdSchema.nullable(),
    /** How this server bills: decides what Buy, Change and Cancel do. */
    billing: billingModeSchema,
    /** Stripe only: the customer portal (payment methods, invoices) is available. */
    portal: z.boolean(),
    quotas: planQuotasSchema,
    purchases: z.array(purchaseSchema),
    jwt: z.string(),
  })
  .meta({ id: 'SubscriptionResponse' });
export type SubscriptionResponse = z.infer<typeof subscriptionResponseSchema>;

/** `GET /api/v2/payments/plans`: the plans a user can buy or is on. */
export const planListResponseSchema = z.object({ plans: z.array(planSchema) });

/** `POST /api/v2/payments/checkout`: buy or change to the plan of this price. */
export const checkoutRequestSchema = z.object({ price_id: z.string().min(1).max(200) });
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

/** Where to send the browser: the provider's checkout page (or its billing portal for a change). */
export const checkoutResponseSchema = z
  .object({ url: z.string() })
  .meta({ id: 'CheckoutResponse' });
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

/** `GET /api/v2/payments/usage`: what the user uses of the plan's quotas right now. */
export const usageResponseSchema = z
  .object({
    /** The calendar month (UTC) generation is counted in, `YYYY-MM`. */
    month: z.string(),
    generated_objects: z.number().int(),
    repos: z.number().int(),
    static_folders: z.number().int(),
    quotas: planQuotasSchema,
  })
  .meta({ id: 'UsageResponse' });
export type UsageResponse = z.infer<typeof usageResponseSchema>;
