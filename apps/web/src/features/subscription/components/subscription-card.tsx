import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { LoadError } from '@/components/load-error';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime } from '@/lib/format';
import {
  fetchSubscription,
  selectSubscriptionPlan,
  selectSubscriptionState,
} from '../store/subscription-slice';
import { describeQuotas } from './quotas';

const STATUS_LABELS: Record<string, string> = {
  active: 'Active',
  past_due: 'Payment overdue',
  canceled: 'Canceled',
};

/** The current plan, its status and quotas, from the subscription slice. */
export function SubscriptionCard({ planNames }: { planNames: Record<string, string> }) {
  const dispatch = useAppDispatch();
  const { data, status, error } = useAppSelector(selectSubscriptionState);
  const plan = useAppSelector(selectSubscriptionPlan);
  const handleRetry = () => void dispatch(fetchSubscription());

  return (
    <Card data-testid="subscription">
      <CardHeader>
        <CardTitle>Your subscription</CardTitle>
        <CardDescription>The plan that gates documentation generation.</CardDescription>
      </CardHeader>
      <CardContent>
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
          <dl className="grid gap-3 text-sm sm:grid-cols-[14rem_1fr]">
            <dt className="text-muted-foreground">Plan</dt>
            <dd data-testid="subscription-plan" className="font-semibold">
              {planNames[plan ?? data.plan] ?? plan ?? data.plan}
            </dd>
            <dt className="text-muted-foreground">Status</dt>
            <dd data-testid="subscription-status">{STATUS_LABELS[data.status] ?? data.status}</dd>
            {data.current_period_end && (
              <>
                <dt className="text-muted-foreground">Renews</dt>
                <dd>{formatDateTime(data.current_period_end)}</dd>
              </>
            )}
            {describeQuotas(data.quotas).map((quota) => (
              <div key={quota.label} className="contents">
                <dt className="text-muted-foreground">{quota.label}</dt>
                <dd>{quota.value}</dd>
              </div>
            ))}
          </dl>
        )}
      </CardContent>
    </Card>
  );
}
