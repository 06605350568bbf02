import { ExternalLink } from 'lucide-react';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { LoadError } from '@/components/load-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime } from '@/lib/format';
import {
  fetchSubscription,
  selectSubscriptionPlan,
  selectSubscriptionState,
} from '../store/subscription-slice';

const STATUS_LABELS: Record<string, string> = {
  active: 'Active',
  past_due: 'Payment overdue',
  canceled: 'Canceled',
};

/** Props of SubscriptionCard. */
export interface SubscriptionCardProps {
  planNames: Record<string, string>;
  /** Opens the provider's billing portal (Stripe only). */
  onManageBilling: () => void;
  manageBusy: boolean;
}

/**
 * The current plan and its status, when it renews or ends, a change waiting for the period's
 * end, and the billing portal where the provider has one.
 */
export function SubscriptionCard({
  planNames,
  onManageBilling,
  manageBusy,
}: SubscriptionCardProps) {
  const dispatch = useAppDispatch();
  const { data, status, error } = useAppSelector(selectSubscriptionState);
  const plan = useAppSelector(selectSubscriptionPlan);
  const handleRetry = () => void dispatch(fetchSubscription());
  const nameOf = (id: string) => planNames[id] ?? id;

  return (
    <Card data-testid="subscription">
      <CardHeader>
        <CardTitle>Your subscription</CardTitle>
        <CardDescription>The plan that gates documentation generation.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {status === 'failed' && !data && (
          <LoadError message={error ?? ''} onRetry={handleRetry} data-testid="subscription-error" />
        )}
        {!data && status !== 'failed' && (
          <div role="status" aria-label="Loading your subscription" className="flex flex-col gap-2">
            <Skeleton className="h-5 w-32" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-2/3" />
          </div>
        )}
        {data && (
          <>
            <dl className="grid gap-3 text-sm sm:grid-cols-[14rem_1fr]">
              <dt className="text-muted-foreground">Plan</dt>
              <dd data-testid="subscription-plan" className="font-semibold">
                {nameOf(plan ?? data.plan)}
              </dd>
              <dt className="text-muted-foreground">Status</dt>
              <dd data-testid="subscription-status" className="flex flex-wrap items-center gap-2">
                {STATUS_LABELS[data.status] ?? data.status}
                {data.cancel_at_period_end && (
                  <Badge variant="warning" data-testid="subscription-ending">
                    Cancelled: ends at the period’s end
                  </Badge>
                )}
              </dd>
              {data.current_period_end && (
                <>
                  <dt className="text-muted-foreground">
                    {data.cancel_at_period_end ? 'Ends' : 'Renews'}
                  </dt>
                  <dd data-testid="subscription-period-end">
                    {formatDateTime(data.current_period_end)}
                  </dd>
                </>
              )}
              {data.scheduled_plan && (
                <>
                  <dt className="text-muted-foreground">Then</dt>
                  <dd data-testid="subscription-scheduled">
                    {nameOf(data.scheduled_plan)} from the end of this period
                  </dd>
                </>
              )}
            </dl>
            {data.status === 'past_due' && (
              <p className="text-sm text-destructive" role="alert">
                Your last payment did not go through, so generation is paused. Update your payment
                method to continue.
              </p>
            )}
            {data.portal && (
              <Button
                variant="outline"
                className="self-start"
                disabled={manageBusy}
                onClick={onManageBilling}
                data-testid="manage-billing"
              >
                <ExternalLink aria-hidden="true" />
                Manage billing
              </Button>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
