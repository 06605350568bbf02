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

export const purchaseSchema = z
  .object({
    purchase_id: z.string(),
    plan: planIdSchema,
    price_id: z.string().nullable(),
    status: z.string(),
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
    quotas: planQuotasSchema,
    purchases: z.array(purchaseSchema),
    jwt: z.string(),
  })
  .meta({ id: 'SubscriptionResponse' });
export type SubscriptionResponse = z.infer<typeof subscriptionResponseSchema>;

/** `GET /api/v2/payments/plans`: the plans a user can buy or is on. */
export const planListResponseSchema = z.object({ plans: z.array(planSchema) });
