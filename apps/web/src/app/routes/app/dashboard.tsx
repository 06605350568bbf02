import { useCallback, useEffect, useRef } from 'react';
import type { ActivityEvent } from '@codedocs/contract';
import { FileText, FolderGit2, Globe, Package, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Screen } from '@/components/screen';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { TextLink } from '@/components/text-link';
import { paths } from '@/config/paths';
import { SCREENS } from '@/config/screens';
import { ActivityFeed } from '@/features/activity/components/activity-feed';
import { ChecklistCard } from '@/features/activity/components/checklist-card';
import { RepoCoverageCard } from '@/features/activity/components/repo-coverage-card';
import { RunningTasksCard } from '@/features/activity/components/running-tasks-card';
import { useLiveActivity } from '@/features/activity/hooks/use-live-activity';
import { selectProfile } from '@/features/profile/store/profile-slice';
import { fetchRepos, refreshRepos, selectReposState } from '@/features/repos/store/repos-slice';
import { useAppDispatch, useAppSelector } from '../../hooks';

const QUICK_ACTIONS: { label: string; to: string; icon: LucideIcon; testId: string }[] = [
  { label: 'Connect a repository', to: paths.app.repository, icon: FolderGit2, testId: 'connect' },
  { label: 'Generate docs', to: paths.app.livedocs, icon: FileText, testId: 'generate' },
  { label: 'New pocket', to: paths.app.pockets, icon: Package, testId: 'pocket' },
  { label: 'New site', to: paths.app.export, icon: Globe, testId: 'site' },
];

/** Kinds after which the repository counts (coverage, stale) are read again. */
const COUNTS_CHANGE = /^(repo\.|docs\.|doc\.)/;
/** A generation sends an event per file: the counts are read again at most this often. */
const COUNTS_REFRESH_MS = 5000;

/**
 * `/app/dashboard`: what to do next (first-run checklist, quick actions) and how the docs are
 * doing (coverage and stale counts per repository, running tasks, recent activity), all kept
 * current live from the event stream.
 */
export function DashboardScreen() {
  const dispatch = useAppDispatch();
  const profile = useAppSelector(selectProfile);
  const repos = useAppSelector(selectReposState);

  useEffect(() => {
    if (repos.status === 'idle') void dispatch(fetchRepos());
  }, [dispatch, repos.status]);

  const countsRefresh = useRef<{ at: number; timer?: ReturnType<typeof setTimeout> }>({ at: 0 });
  useEffect(() => () => clearTimeout(countsRefresh.current.timer), []);
  const handleEvents = useCallback(
    (events: ActivityEvent[]) => {
      const state = countsRefresh.current;
      if (!events.some((event) => COUNTS_CHANGE.test(event.kind)) || state.timer) return;
      const refresh = () => {
        state.timer = undefined;
        state.at = Date.now();
        void dispatch(refreshRepos());
      };
      const wait = state.at + COUNTS_REFRESH_MS - Date.now();
      if (wait <= 0) refresh();
      else state.timer = setTimeout(refresh, wait);
    },
    [dispatch],
  );
  useLiveActivity(handleEvents);

  const repoName = useCallback(
    (repoId: string) => repos.items.find((repo) => repo.repo_id === repoId)?.name,
    [repos.items],
  );

  return (
    <Screen info={SCREENS.dashboard} className="flex min-w-0 flex-col gap-4">
      {profile ? (
        <p data-testid="dashboard-greeting" className="text-lg">
          Welcome, {profile.name || profile.email}.
        </p>
      ) : (
        <Skeleton className="h-7 w-48" />
      )}
      <nav aria-label="Quick actions" className="flex flex-wrap gap-2">
        {QUICK_ACTIONS.map(({ label, to, icon: Icon, testId }) => (
          <Link
            key={testId}
            to={to}
            data-testid={`dashboard-action-${testId}`}
            className={buttonVariants({ variant: 'outline', size: 'sm' })}
          >
            <Icon aria-hidden="true" />
            {label}
          </Link>
        ))}
      </nav>
      <ChecklistCard />
      <div className="grid min-w-0 gap-4 lg:grid-cols-2">
        <RepoCoverageCard
          repos={repos.items}
          status={repos.status}
          error={repos.error}
          onRetry={() => void dispatch(fetchRepos())}
        />
        <RunningTasksCard repoName={repoName} />
      </div>
      <Card data-testid="dashboard-activity" className="min-w-0">
        <CardHeader className="flex flex-row items-baseline justify-between gap-2 p-4 sm:p-6">
          <CardTitle className="text-base">Recent activity</CardTitle>
          <TextLink to={paths.app.activityMetrix} className="text-sm">
            All activity
          </TextLink>
        </CardHeader>
        <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
          <ActivityFeed
            filters={{}}
            limit={8}
            names={{ repoName }}
            emptyText="Nothing yet: connect a repository to get started."
            testId="dashboard-feed"
          />
        </CardContent>
      </Card>
    </Screen>
  );
}
