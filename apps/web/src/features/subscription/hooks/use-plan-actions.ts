import { useState } from 'react';
import { SOMETHING_WENT_WRONG, type Plan } from '@codedocs/contract';
import { useAppDispatch } from '@/app/hooks';
import { toast } from '@/hooks/use-toast';
import { failureMessage } from '@/lib/api-error';
import { leaveAppFor } from '@/lib/leave-app';
import { changeCancellation, openBillingPortal, startCheckout } from '../api/payments-calls';
import { receiveSubscription } from '../store/subscription-slice';

/** What the Parser settings page's plan buttons do. */
export interface PlanActions {
  /** Buy or change to the plan: the browser goes to the URL the checkout call answers. */
  checkout: (plan: Plan) => void;
  cancel: () => void;
  resume: () => void;
  manageBilling: () => void;
  /** The price id of a checkout being opened, "cancel", "resume" or "portal"; else null. */
  busy: string | null;
}

/** Buy, Change, Cancel, Resume and Manage billing, with failures as toasts. */
export function usePlanActions(): PlanActions {
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState<string | null>(null);

  const run = async (key: string, title: string, action: () => Promise<void>) => {
    setBusy(key);
    try {
      await action();
    } catch (error) {
      setBusy(null);
      toast({
        variant: 'destructive',
        title,
        description: failureMessage(error, SOMETHING_WENT_WRONG),
      });
    }
  };

  // on success the page is left, so the button keeps its spinner until it is
  const goTo = (key: string, title: string, call: () => Promise<{ url: string }>) =>
    void run(key, title, async () => leaveAppFor((await call()).url));

  const setCancellation = (cancel: boolean) =>
    void run(
      cancel ? 'cancel' : 'resume',
      `Could not ${cancel ? 'cancel' : 'resume'} the plan`,
      async () => {
        dispatch(receiveSubscription(await changeCancellation(cancel)));
        setBusy(null);
        toast({
          title: cancel ? 'Plan cancelled' : 'Plan resumed',
          description: cancel
            ? 'It runs until the end of the period, then you are on Free.'
            : 'It keeps renewing.',
        });
      },
    );

  return {
    checkout: (plan) =>
      plan.price_id &&
      goTo(plan.price_id, 'Could not open the checkout', () => startCheckout(plan.price_id ?? '')),
    cancel: () => setCancellation(true),
    resume: () => setCancellation(false),
    manageBilling: () => goTo('portal', 'Could not open the billing portal', openBillingPortal),
    busy,
  };
}
