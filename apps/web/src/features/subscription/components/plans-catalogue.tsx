import { Check } from 'lucide-react';
import type { Plan } from '@codedocs/contract';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { failureMessage } from '@/lib/api-error';
import { formatMoney } from '@/lib/format';
import { cn } from '@/lib/cn';
import type { Subscription } from '../store/subscription-slice';
import { CancelPlanDialog } from './cancel-plan-dialog';
import { planAction, type PlanAction } from './plan-action';
import { describeQuotas } from './quotas';

function price(plan: Plan): string {
  if (plan.amount === 0) return 'No charge';
  const amount = formatMoney(plan.amount, plan.currency);
  return plan.interval === 'month' ? `${amount} / month` : amount;
}

/** What the catalogue's buttons do; the screen wires them to checkout and the subscription. */
export interface PlanHandlers {
  onCheckout: (plan: Plan) => void;
  onCancel: () => void;
  onResume: () => void;
  /** The price id whose checkout is being opened, or "cancel"/"resume" while that runs. */
  busy: string | null;
}

function PlanButton({
  plan,
  action,
  periodEnd,
  handlers,
}: {
  plan: Plan;
  action: PlanAction;
  periodEnd: string | null;
  handlers: PlanHandlers;
}) {
  const { busy } = handlers;
  if (action.kind === 'none') return null;
  const mine =
    busy === (action.kind === 'buy' || action.kind === 'change' ? plan.price_id : action.kind);
  const content = (
    <>
      {mine && <Spinner className="size-4" />}
      {action.label}
    </>
  );
  if (action.kind === 'cancel') {
    return (
      <CancelPlanDialog
        planName={plan.name}
        periodEnd={periodEnd}
        disabled={busy !== null}
        onConfirm={handlers.onCancel}
      >
        {content}
      </CancelPlanDialog>
    );
  }
  return (
    <Button
      className="mt-auto"
      variant={action.kind === 'resume' ? 'outline' : 'default'}
      disabled={busy !== null}
      data-testid={`plan-${action.kind}-${plan.plan_id}`}
      onClick={() => (action.kind === 'resume' ? handlers.onResume() : handlers.onCheckout(plan))}
    >
      {content}
    </Button>
  );
}

function PlanCard({
  plan,
  current,
  action,
  periodEnd,
  handlers,
}: {
  plan: Plan;
  current: boolean;
  action: PlanAction;
  periodEnd: string | null;
  handlers: PlanHandlers;
}) {
  return (
    <li>
      <Card
        data-testid={`plan-${plan.plan_id}`}
        data-current={current || undefined}
        aria-current={current ? 'true' : undefined}
        className={cn('flex h-full flex-col', current && 'border-primary ring-1 ring-primary')}
      >
        <CardHeader>
          <div className="flex items-center justify-between gap-2">
            <CardTitle className="text-base">{plan.name}</CardTitle>
            {current && (
              <span className="rounded-full bg-primary px-2 py-0.5 text-xs text-primary-foreground">
                Current plan
              </span>
            )}
          </div>
          <CardDescription className="text-base font-semibold text-foreground">
            {price(plan)}
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-1 flex-col gap-4">
          <ul className="flex flex-col gap-1.5 text-sm">
            {describeQuotas(plan.quotas).map((quota) => (
              <li key={quota.label} className="flex items-start gap-2">
                <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                <span>
                  <span className="font-medium">{quota.value}</span> {quota.label.toLowerCase()}
                </span>
              </li>
            ))}
          </ul>
          <div className="mt-auto flex flex-col gap-2">
            {action.note && (
              <p
                className="text-xs text-muted-foreground"
                data-testid={`plan-note-${plan.plan_id}`}
              >
                {action.note}
              </p>
            )}
            <PlanButton plan={plan} action={action} periodEnd={periodEnd} handlers={handlers} />
          </div>
        </CardContent>
      </Card>
    </li>
  );
}

/** Props of PlansCatalogue. */
export interface PlansCatalogueProps {
  plans: readonly Plan[] | undefined;
  isPending: boolean;
  error: unknown;
  onRetry: () => void;
  subscription: Subscription | null;
  handlers: PlanHandlers;
}

/**
 * The plan catalogue as cards: price, what each includes, the current plan marked, and Buy,
 * Change, Cancel or Resume where they apply.
 */
export function PlansCatalogue({
  plans,
  isPending,
  error,
  onRetry,
  subscription,
  handlers,
}: PlansCatalogueProps) {
  return (
    <section aria-labelledby="plans-heading" className="flex flex-col gap-3" data-testid="plans">
      <h2 id="plans-heading" className="text-lg font-semibold">
        Plans
      </h2>
      {isPending && (
        <div role="status" aria-label="Loading plans" className="grid gap-4 sm:grid-cols-3">
          <Skeleton className="h-48" />
          <Skeleton className="h-48" />
          <Skeleton className="h-48" />
        </div>
      )}
      {Boolean(error) && !plans && (
        <LoadError message={failureMessage(error, 'Could not load the plans.')} onRetry={onRetry} />
      )}
      {plans && (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {plans.map((plan) => (
            <PlanCard
              key={plan.plan_id}
              plan={plan}
              current={plan.plan_id === subscription?.plan}
              action={planAction(plan, subscription, plans)}
              periodEnd={subscription?.current_period_end ?? null}
              handlers={handlers}
            />
          ))}
        </ul>
      )}
      {subscription?.billing === 'test' && (
        <p className="text-sm text-muted-foreground" data-testid="test-billing-note">
          This server uses the test checkout: no money moves, and a plan you buy applies at once.
        </p>
      )}
    </section>
  );
}
