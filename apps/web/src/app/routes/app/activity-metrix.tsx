import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { Screen } from '@/components/screen';
import { SCREENS } from '@/config/screens';
import type { FeedFilters } from '@/features/activity/api/activity-calls';
import { ActivityFeedPanel } from '@/features/activity/components/activity-feed-panel';
import { MetricsPanel } from '@/features/activity/components/metrics-panel';
import { RangePicker } from '@/features/activity/components/range-picker';
import { rangeFromParams, type DateRange } from '@/features/activity/date-range';
import { useLiveActivity } from '@/features/activity/hooks/use-live-activity';
import { fetchRepos, selectReposState } from '@/features/repos/store/repos-slice';
import { formatRelativeTime } from '@/lib/format-relative-time';
import { useAppDispatch, useAppSelector } from '../../hooks';

/**
 * `/app/activity-metrix`: coverage and stale docs per repository over time, generation vs human
 * edits, site views (each chart with a table view and a CSV download), and the activity feed
 * with filters, all updated live as events arrive. Range and filters live in the URL
 * (`?from=&to=&bucket=&category=&repo=`), so a reload or a link shows the same view.
 */
export function ActivityMetrixScreen() {
  const dispatch = useAppDispatch();
  const repos = useAppSelector(selectReposState);
  const [params, setParams] = useSearchParams();
  const range = rangeFromParams(params);
  const category = params.get('category') ?? undefined;
  const scope = params.get('repo') ?? undefined;
  const filters = useMemo<FeedFilters>(() => ({ category, scope }), [category, scope]);
  const latest = useLiveActivity();

  useEffect(() => {
    if (repos.status === 'idle') void dispatch(fetchRepos());
  }, [dispatch, repos.status]);

  const update = useCallback(
    (changes: Record<string, string | undefined>) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [name, value] of Object.entries(changes)) {
            if (value === undefined) next.delete(name);
            else next.set(name, value);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const handleRange = useCallback(
    (next: DateRange) => update({ from: next.from, to: next.to, bucket: next.bucket }),
    [update],
  );
  const handleFilters = useCallback(
    (next: FeedFilters) => update({ category: next.category, repo: next.scope }),
    [update],
  );

  return (
    <Screen info={SCREENS.activityMetrix} className="flex min-w-0 flex-col gap-4">
      <p className="max-w-prose text-muted-foreground max-lg:text-sm">
        {SCREENS.activityMetrix.description}
      </p>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <RangePicker range={range} onChange={handleRange} />
        <p
          data-testid="activity-live"
          aria-live="polite"
          className="flex items-center gap-2 text-xs text-muted-foreground"
        >
          <span aria-hidden="true" className="size-2 rounded-full bg-emerald-500" />
          {latest ? `Live · last event ${formatRelativeTime(latest.created_at)}` : 'Live'}
        </p>
      </div>
      <MetricsPanel range={range} />
      <ActivityFeedPanel filters={filters} onChange={handleFilters} repositories={repos.items} />
    </Screen>
  );
}
