import { useInfiniteQuery } from '@tanstack/react-query';
import type { ActivityCategory } from '@codedocs/contract';
import { CreditCard, FileText, FolderGit2, Globe, Package, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime } from '@/lib/format';
import { formatRelativeTime } from '@/lib/format-relative-time';
import { ACTIVITY_QUERY_KEY, getActivityFeed, type FeedFilters } from '../api/activity-calls';
import { describeEvent, type EventNames } from '../describe-event';

const ICONS: Record<ActivityCategory, LucideIcon> = {
  repositories: FolderGit2,
  docs: FileText,
  pockets: Package,
  sites: Globe,
  billing: CreditCard,
};

/** Props of ActivityFeed. */
export interface ActivityFeedProps {
  filters: FeedFilters;
  /** Entries per page. */
  limit: number;
  names: EventNames;
  /** Offer "Load more" past the first page. */
  paged?: boolean;
  emptyText: string;
  testId: string;
}

/**
 * The user's activity, newest first (one entry per generation task, however many files it
 * wrote), each with its sentence, a link to what it is about and when. Live updates come from
 * useLiveActivity, which refetches the pages shown.
 */
export function ActivityFeed({
  filters,
  limit,
  names,
  paged,
  emptyText,
  testId,
}: ActivityFeedProps) {
  const feed = useInfiniteQuery({
    queryKey: [...ACTIVITY_QUERY_KEY, 'feed', filters, limit],
    queryFn: ({ pageParam, signal }) =>
      getActivityFeed({ ...filters, limit, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.cursor,
  });
  if (feed.isPending) {
    return (
      <div
        aria-busy="true"
        role="status"
        aria-label="Loading activity"
        className="flex flex-col gap-3"
      >
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} className="h-10 w-full" />
        ))}
      </div>
    );
  }
  if (feed.isError) {
    return (
      <LoadError
        message={feed.error.message}
        onRetry={() => void feed.refetch()}
        data-testid={`${testId}-error`}
      />
    );
  }
  const events = feed.data.pages.flatMap((page) => page.events);
  if (events.length === 0) {
    return (
      <p data-testid={`${testId}-empty`} className="text-sm text-muted-foreground">
        {emptyText}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <ol data-testid={testId} className="flex flex-col">
        {events.map((event) => {
          const { text, href, category } = describeEvent(event, names);
          const Icon = ICONS[category];
          return (
            <li
              key={event.event_id}
              data-testid="activity-entry"
              data-kind={event.kind}
              className="flex min-w-0 items-start gap-3 border-b py-2.5 last:border-0"
            >
              <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
              <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                {href ? (
                  <Link
                    to={href}
                    className="rounded-sm text-sm break-words outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    {text}
                  </Link>
                ) : (
                  <span className="text-sm break-words">{text}</span>
                )}
                <time
                  dateTime={event.created_at}
                  title={formatDateTime(event.created_at)}
                  className="text-xs text-muted-foreground"
                >
                  {formatRelativeTime(event.created_at)}
                </time>
              </div>
            </li>
          );
        })}
      </ol>
      {paged && feed.hasNextPage && (
        <Button
          variant="outline"
          size="sm"
          className="self-start"
          disabled={feed.isFetchingNextPage}
          onClick={() => void feed.fetchNextPage()}
          data-testid={`${testId}-more`}
        >
          {feed.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </Button>
      )}
    </div>
  );
}
