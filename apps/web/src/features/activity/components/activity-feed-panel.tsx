import { useId } from 'react';
import { ACTIVITY_CATEGORY_NAMES, type ActivityCategory } from '@codedocs/contract';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { cn } from '@/lib/cn';
import type { FeedFilters } from '../api/activity-calls';
import { ActivityFeed } from './activity-feed';

const CATEGORY_LABELS: Record<ActivityCategory, string> = {
  repositories: 'Repositories',
  docs: 'Docs',
  pockets: 'Pockets',
  sites: 'Sites',
  billing: 'Billing',
};
const ALL = '*';

/** The activity feed with its filters: categories (any number) and one repository. */
export function ActivityFeedPanel({
  filters,
  onChange,
  repositories,
}: {
  filters: FeedFilters;
  onChange: (filters: FeedFilters) => void;
  repositories: { repo_id: string; name: string }[];
}) {
  const id = useId();
  const chosen = new Set(filters.category ? filters.category.split(',') : []);
  const toggle = (category: ActivityCategory) => {
    const next = new Set(chosen);
    if (next.has(category)) next.delete(category);
    else next.add(category);
    const list = ACTIVITY_CATEGORY_NAMES.filter((name) => next.has(name));
    onChange({ ...filters, category: list.length > 0 ? list.join(',') : undefined });
  };
  const repoName = (repoId: string) => repositories.find((repo) => repo.repo_id === repoId)?.name;
  return (
    <Card data-testid="activity-feed-card" className="min-w-0">
      <CardHeader className="gap-3 p-4 sm:p-6">
        <CardTitle id={`${id}-title`} className="text-base">
          Activity
        </CardTitle>
        <div className="flex flex-wrap items-center gap-2">
          <div role="group" aria-label="Show only" className="flex flex-wrap gap-1">
            {ACTIVITY_CATEGORY_NAMES.map((category) => (
              <button
                key={category}
                type="button"
                aria-pressed={chosen.has(category)}
                data-testid={`feed-filter-${category}`}
                onClick={() => toggle(category)}
                className={cn(
                  'rounded-full border px-3 py-1 text-xs font-medium focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                  chosen.has(category)
                    ? 'border-primary bg-primary text-primary-foreground'
                    : 'text-muted-foreground hover:text-foreground',
                )}
              >
                {CATEGORY_LABELS[category]}
              </button>
            ))}
          </div>
          {repositories.length > 0 && (
            <Select
              value={filters.scope ?? ALL}
              onValueChange={(value) =>
                onChange({ ...filters, scope: value === ALL ? undefined : value })
              }
            >
              <SelectTrigger
                aria-label="Repository"
                data-testid="feed-filter-repo"
                className="h-8 w-52 max-w-full text-xs"
              >
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ALL}>Every repository</SelectItem>
                {repositories.map((repo) => (
                  <SelectItem key={repo.repo_id} value={repo.repo_id}>
                    {repo.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        </div>
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
        <ActivityFeed
          filters={filters}
          limit={30}
          names={{ repoName }}
          paged
          emptyText="No activity matches these filters."
          testId="activity-feed"
        />
      </CardContent>
    </Card>
  );
}
