import type { CheckoutResponse, Purchase, SubscriptionResponse } from '@codedocs/contract';
import { api } from '@/lib/api-client';

/**
 * `POST /api/v2/payments/checkout {price_id}` → `{url}`: where to send the browser to buy (or
 * change to) the plan of this price (spec section 4, "Buying a plan").
 */
export function startCheckout(priceId: string): Promise<CheckoutResponse> {
  return api.v2.post<CheckoutResponse>('/payments/checkout', { price_id: priceId });
}

/** `GET /api/v2/payments/purchases/{id}`: how the checkout of this purchase ended. */
export function getPurchase(purchaseId: string, signal?: AbortSignal): Promise<Purchase> {
  return api.v2.get<Purchase>(`/payments/purchases/${encodeURIComponent(purchaseId)}`, {
    signal,
  });
}

/** `POST /api/v2/payments/purchases/{id}/cancel`: the buyer left the checkout; close it. */
export function abandonCheckout(purchaseId: string): Promise<Purchase> {
  return api.v2.post<Purchase>(`/payments/purchases/${encodeURIComponent(purchaseId)}/cancel`);
}

/** `POST /api/v2/payments/subscription/cancel` or `/resume` → the subscription with a plan token. */
export function changeCancellation(cancel: boolean): Promise<SubscriptionResponse> {
  return api.v2.post<SubscriptionResponse>(
    `/payments/subscription/${cancel ? 'cancel' : 'resume'}`,
  );
}

/** `POST /api/v2/payments/portal` → `{url}` of Stripe's customer portal. */
export function openBillingPortal(): Promise<CheckoutResponse> {
  return api.v2.post<CheckoutResponse>('/payments/portal');
}
