import { FolderGit2, Plus, Search } from 'lucide-react';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { LoadError } from '@/components/load-error';
import { Screen } from '@/components/screen';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Input } from '@/components/ui/input';
import { SCREENS } from '@/config/screens';
import { ConnectRepoDialog } from '@/features/repos/components/connect-repo-dialog';
import { ConnectingList } from '@/features/repos/components/connecting-list';
import { RepoCard } from '@/features/repos/components/repo-card';
import { RepoListSkeleton } from '@/features/repos/components/repo-list-skeleton';
import { useRepoActions } from '@/features/repos/hooks/use-repo-actions';
import {
  restorePendingConnections,
  selectRepoConnections,
} from '@/features/repos/store/connecting-slice';
import { fetchRepos, selectReposState } from '@/features/repos/store/repos-slice';
import { fetchSshKeys, selectSshKeysState } from '@/features/ssh-keys/store/ssh-keys-slice';
import { useAppDispatch, useAppSelector } from '../../hooks';

/** Whether a repo's name (or URL) contains the filter, ignoring case. */
export function matchesRepoFilter(repo: { name: string; url: string }, filter: string): boolean {
  const needle = filter.trim().toLowerCase();
  return (
    !needle || repo.name.toLowerCase().includes(needle) || repo.url.toLowerCase().includes(needle)
  );
}

const RepositoryOverview = lazy(() => import('./repository-overview'));

/**
 * `/app/repository`: the user's repositories with sync, branch switch and delete, the connects
 * still cloning (with their task's progress) and the "Connect repository" dialog; with
 * `?overview=<repo_id>`, that repository's overview instead of the list.
 */
export function RepositoryScreen() {
  const [params] = useSearchParams();
  const overviewOf = params.get('overview');
  const repos = useAppSelector(selectReposState).items;
  if (overviewOf) {
    return (
      <Screen info={SCREENS.repository} showHeading={false} className="flex flex-col gap-6">
        <Suspense fallback={<Spinner className="mx-auto" />}>
          <RepositoryOverview
            repoId={overviewOf}
            repoName={repos.find((repo) => repo.repo_id === overviewOf)?.name ?? null}
          />
        </Suspense>
      </Screen>
    );
  }
  return <RepositoryList />;
}

function RepositoryList() {
  const dispatch = useAppDispatch();
  const { items: repos, status, error } = useAppSelector(selectReposState);
  const { connecting, failed } = useAppSelector(selectRepoConnections);
  const sshKeys = useAppSelector(selectSshKeysState);
  const actions = useRepoActions();
  const [filter, setFilter] = useState('');
  const [connectOpen, setConnectOpen] = useState(false);

  useEffect(() => {
    if (status === 'idle') void dispatch(fetchRepos());
  }, [dispatch, status]);

  // Connects started before a reload are still cloning on the server: show them again.
  useEffect(() => {
    const restore = dispatch(restorePendingConnections());
    return () => restore.abort();
  }, [dispatch]);

  const visible = useMemo(
    () => repos.filter((repo) => matchesRepoFilter(repo, filter)),
    [repos, filter],
  );
  const loadSshKeys = () => void dispatch(fetchSshKeys());
  const openConnect = () => {
    if (sshKeys.status === 'idle') loadSshKeys();
    setConnectOpen(true);
  };
  const loaded = status === 'succeeded' || (status !== 'failed' && repos.length > 0);

  return (
    <Screen info={SCREENS.repository} className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-col gap-1">
          <p className="max-w-prose text-muted-foreground">{SCREENS.repository.description}</p>
          {loaded && (
            <p data-testid="repo-count" className="text-sm text-muted-foreground">
              {repos.length === 1 ? '1 repository' : `${repos.length} repositories`}
            </p>
          )}
        </div>
        <Button data-testid="connect-repo-button" onClick={openConnect}>
          <Plus aria-hidden="true" />
          Connect repository
        </Button>
      </div>

      <ConnectingList entries={connecting} failed={failed} />

      {status === 'failed' && repos.length === 0 && (
        <LoadError
          message={error ?? ''}
          onRetry={() => void dispatch(fetchRepos())}
          data-testid="repos-error"
        />
      )}
      {!loaded && status !== 'failed' && <RepoListSkeleton />}

      {loaded && repos.length === 0 && connecting.length === 0 && failed.length === 0 && (
        <div
          data-testid="repos-empty"
          className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border p-8 text-center"
        >
          <FolderGit2 className="size-8 text-muted-foreground" aria-hidden="true" />
          <h2 className="text-base font-semibold">No repositories yet</h2>
          <p className="max-w-prose text-sm text-muted-foreground">
            Connect a Git repository over HTTPS, or over SSH with one of your keys. CodeDocs clones
            it, lists its files and finds the code objects to document.
          </p>
          <Button variant="outline" onClick={openConnect}>
            <Plus aria-hidden="true" />
            Connect your first repository
          </Button>
        </div>
      )}

      {repos.length > 0 && (
        <section aria-label="Repositories" className="flex flex-col gap-3">
          <div className="relative max-w-sm">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <Input
              type="search"
              data-testid="repo-filter"
              aria-label="Filter repositories by name"
              placeholder="Filter by name"
              value={filter}
              onChange={(event) => setFilter(event.target.value)}
              className="pl-9"
            />
          </div>
          {visible.length === 0 ? (
            <p data-testid="repos-no-match" className="text-sm text-muted-foreground">
              No repository matches “{filter.trim()}”.
            </p>
          ) : (
            <ul className="flex flex-col gap-3">
              {visible.map((repo) => (
                <RepoCard
                  key={repo.repo_id}
                  repo={repo}
                  onSync={() => void actions.sync(repo)}
                  onSwitchBranch={(branchName) => actions.switchBranch(repo, branchName)}
                  onDelete={() => void actions.remove(repo)}
                />
              ))}
            </ul>
          )}
        </section>
      )}

      <ConnectRepoDialog
        open={connectOpen}
        onOpenChange={setConnectOpen}
        sshKeys={sshKeys.items}
        sshKeysStatus={sshKeys.status}
        onLoadSshKeys={loadSshKeys}
      />
    </Screen>
  );
}
