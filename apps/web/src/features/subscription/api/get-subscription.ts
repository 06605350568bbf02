import type { SubscriptionResponse } from '@codedocs/contract';
import { api } from '@/lib/api-client';

/** `GET /api/v2/payments/subscription`: plan, status, quotas, purchases and the plan token `jwt`. */
export function getSubscription(signal?: AbortSignal): Promise<SubscriptionResponse> {
  return api.v2.get<SubscriptionResponse>('/payments/subscription', { signal });
}
