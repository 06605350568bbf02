import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Purchase } from '@codedocs/contract';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { abandonCheckout, getPurchase } from '../api/payments-calls';
import { usageQueryOptions } from '../api/get-usage';
import { fetchSubscription, selectSubscriptionState } from '../store/subscription-slice';

/** How often a payment still being confirmed is asked about, and for how long. */
export const OUTCOME_POLL_MS = 2_000;
export const OUTCOME_PATIENCE_MS = 60_000;

/** Where a checkout the browser came back from stands. */
export type CheckoutPhase = 'confirming' | 'paid' | 'canceled' | 'expired' | 'failed' | 'slow';

/** What the Parser settings page shows after a checkout. */
export interface CheckoutOutcome {
  phase: CheckoutPhase;
  purchase: Purchase | null;
  dismiss: () => void;
}

function phaseOf(purchase: Purchase | undefined, waitedTooLong: boolean): CheckoutPhase {
  switch (purchase?.status) {
    case 'paid':
    case 'canceled':
    case 'expired':
    case 'failed':
      return purchase.status;
    default:
      return waitedTooLong ? 'slow' : 'confirming';
  }
}

/**
 * The checkout the browser came back from (`?checkout=<purchase id>`, `&canceled=1` through the
 * cancel address): a canceled one is closed; a paid one is asked about until the provider has
 * confirmed it (a Stripe webhook may land after the browser does), then the subscription is
 * fetched again, which stores the new plan token, so generation uses the new plan at once.
 */
export function useCheckoutOutcome(): CheckoutOutcome | null {
  const [params, setParams] = useSearchParams();
  const purchaseId = params.get('checkout');
  const canceled = params.get('canceled') === '1';
  const dispatch = useAppDispatch();
  const queryClient = useQueryClient();
  const [startedAt] = useState(() => Date.now());
  const [waitedTooLong, setWaitedTooLong] = useState(false);

  const abandon = useMutation({ mutationFn: abandonCheckout });
  const abandonRef = useRef(abandon.mutate);
  useEffect(() => {
    if (purchaseId && canceled) abandonRef.current(purchaseId);
  }, [purchaseId, canceled]);

  const purchase = useQuery({
    queryKey: ['payments', 'purchase', purchaseId],
    queryFn: ({ signal }) => getPurchase(purchaseId ?? '', signal),
    enabled: purchaseId !== null && !canceled,
    refetchInterval: (query) =>
      query.state.data?.status === 'pending' && Date.now() - startedAt < OUTCOME_PATIENCE_MS
        ? OUTCOME_POLL_MS
        : false,
  });

  const status = purchase.data?.status;
  // once paid, the subscription is read again (after a read under way, which may predate it)
  const subscriptionLoading = useAppSelector(selectSubscriptionState).status === 'loading';
  const refreshed = useRef(false);
  useEffect(() => {
    if (status !== 'paid' || subscriptionLoading || refreshed.current) return;
    refreshed.current = true;
    void dispatch(fetchSubscription());
    void queryClient.invalidateQueries({ queryKey: usageQueryOptions().queryKey });
  }, [status, subscriptionLoading, dispatch, queryClient]);

  useEffect(() => {
    if (status !== 'pending') return undefined;
    const timer = setTimeout(
      () => setWaitedTooLong(true),
      Math.max(0, OUTCOME_PATIENCE_MS - (Date.now() - startedAt)),
    );
    return () => clearTimeout(timer);
  }, [status, startedAt]);

  if (!purchaseId) return null;
  const dismiss = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('checkout');
        next.delete('canceled');
        return next;
      },
      { replace: true },
    );
  if (canceled) {
    return { phase: 'canceled', purchase: abandon.data ?? null, dismiss };
  }
  return { phase: phaseOf(purchase.data, waitedTooLong), purchase: purchase.data ?? null, dismiss };
}
