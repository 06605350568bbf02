import { Check } from 'lucide-react';
import type { Plan, PlanId } from '@codedocs/contract';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { failureMessage } from '@/lib/api-error';
import { formatMoney } from '@/lib/format';
import { cn } from '@/lib/cn';
import { describeQuotas } from './quotas';

function price(plan: Plan): string {
  if (plan.amount === 0) return 'No charge';
  const amount = formatMoney(plan.amount, plan.currency);
  return plan.interval === 'month' ? `${amount} / month` : amount;
}

function PlanCard({ plan, current }: { plan: Plan; current: boolean }) {
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
          {!current && plan.price_id && (
            <Button className="mt-auto" disabled aria-describedby="checkout-later-note">
              Upgrade
            </Button>
          )}
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
  currentPlan: PlanId | null;
}

/** The plan catalogue as cards with the current plan marked; checkout comes later. */
export function PlansCatalogue({
  plans,
  isPending,
  error,
  onRetry,
  currentPlan,
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
        <>
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {plans.map((plan) => (
              <PlanCard key={plan.plan_id} plan={plan} current={plan.plan_id === currentPlan} />
            ))}
          </ul>
          <p id="checkout-later-note" className="text-sm text-muted-foreground">
            Upgrading is not available yet: checkout arrives in a later release.
          </p>
        </>
      )}
    </section>
  );
}
