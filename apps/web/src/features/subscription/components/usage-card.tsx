import type { UsageResponse } from '@codedocs/contract';
import { LoadError } from '@/components/load-error';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { failureMessage } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { useUsage } from '../api/get-usage';

/** The quota lines the checks count, with what is used of each. */
function usageLines(usage: UsageResponse) {
  const month = new Date(`${usage.month}-01T00:00:00Z`).toLocaleString(undefined, {
    month: 'long',
    timeZone: 'UTC',
  });
  return [
    {
      id: 'generated',
      label: `Objects generated in ${month}`,
      used: usage.generated_objects,
      limit: usage.quotas.generated_objects_per_month,
    },
    { id: 'repos', label: 'Repositories', used: usage.repos, limit: usage.quotas.repos },
    {
      id: 'sites',
      label: 'Static documentation sites',
      used: usage.static_folders,
      limit: usage.quotas.static_folders,
    },
  ];
}

function UsageBar({ id, label, used, limit }: ReturnType<typeof usageLines>[number]) {
  const full = limit !== null && used >= limit;
  return (
    <li className="flex flex-col gap-1.5" data-testid={`usage-${id}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <span id={`usage-${id}-label`}>{label}</span>
        <span className={cn('tabular-nums', full && 'font-medium text-destructive')}>
          {used.toLocaleString()} of {limit === null ? 'unlimited' : limit.toLocaleString()}
          {full && ' · limit reached'}
        </span>
      </div>
      {limit !== null && (
        <Progress
          aria-labelledby={`usage-${id}-label`}
          value={Math.min(used, limit)}
          max={limit}
          className={cn(full && '[&>[data-slot=progress-indicator]]:bg-destructive')}
        />
      )}
    </li>
  );
}

/** Quota use as bars: objects generated this month, repositories, static documentation sites. */
export function UsageCard() {
  const usage = useUsage();
  return (
    <Card data-testid="usage">
      <CardHeader>
        <CardTitle>Quota use</CardTitle>
        <CardDescription>
          What you use of your plan; generation counts per calendar month.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {usage.isPending && (
          <div role="status" aria-label="Loading quota use" className="flex flex-col gap-3">
            <Skeleton className="h-8 w-full" />
            <Skeleton className="h-8 w-full" />
            <Skeleton className="h-8 w-full" />
          </div>
        )}
        {usage.error && !usage.data && (
          <LoadError
            message={failureMessage(usage.error, 'Could not load your quota use.')}
            onRetry={() => void usage.refetch()}
          />
        )}
        {usage.data && (
          <ul className="flex flex-col gap-4">
            {usageLines(usage.data).map((line) => (
              <UsageBar key={line.id} {...line} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
