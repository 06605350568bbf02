import { CircleAlert, CircleCheck, X } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { CheckoutOutcome } from '../hooks/use-checkout-outcome';

const MESSAGES = {
  confirming: 'Confirming your payment…',
  slow: 'Your payment is still being confirmed. This page updates once it is; nothing more is needed from you.',
  canceled: 'Checkout canceled: nothing was charged and your plan has not changed.',
  expired: 'The checkout expired before it was paid: nothing was charged.',
  failed: 'The payment did not go through: nothing was charged and your plan has not changed.',
} as const;

/** How the checkout the browser came back from ended, until dismissed. */
export function CheckoutOutcomeBanner({
  outcome,
  planNames,
}: {
  outcome: CheckoutOutcome;
  planNames: Record<string, string>;
}) {
  const { phase, purchase } = outcome;
  const planName = purchase ? (planNames[purchase.plan] ?? purchase.plan) : 'your new';
  const message =
    phase === 'paid'
      ? `Payment complete: you are on the ${planName} plan. Generation uses it from now on.`
      : MESSAGES[phase];
  const bad = phase === 'expired' || phase === 'failed';
  return (
    <Alert
      variant={bad ? 'destructive' : phase === 'slow' ? 'warning' : 'default'}
      role={bad ? 'alert' : 'status'}
      data-testid="checkout-outcome"
      data-phase={phase}
    >
      {phase === 'confirming' || phase === 'slow' ? (
        <Spinner className="mt-0.5 size-4 shrink-0" />
      ) : bad ? (
        <CircleAlert className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
      ) : (
        <CircleCheck className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
      )}
      <p className="flex-1">{message}</p>
      <Button
        variant="ghost"
        size="icon"
        className="size-6"
        aria-label="Dismiss"
        onClick={outcome.dismiss}
      >
        <X aria-hidden="true" />
      </Button>
    </Alert>
  );
}
