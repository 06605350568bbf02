import type { RepoJson } from '@codedocs/contract';
import { FolderGit2 } from 'lucide-react';
import { Link } from 'react-router';
import { LoadError } from '@/components/load-error';
import { TextLink } from '@/components/text-link';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { coveragePercent } from '../series-table';

/** The live-docs screen with a repository's stale objects listed (every file selected). */
export function staleObjectsHref(repoId: string): string {
  return `${paths.app.livedocs}?${new URLSearchParams({ repo: repoId, files: '*', status: 'stale' }).toString()}`;
}

/** Props of RepoCoverageCard. */
export interface RepoCoverageCardProps {
  repos: RepoJson[];
  status: 'idle' | 'loading' | 'succeeded' | 'failed';
  error: string | null;
  onRetry: () => void;
}

/** Each repository's documentation coverage and stale objects, linking to those objects. */
export function RepoCoverageCard({ repos, status, error, onRetry }: RepoCoverageCardProps) {
  return (
    <Card data-testid="dashboard-repos" className="min-w-0">
      <CardHeader className="p-4 sm:p-6">
        <CardTitle className="text-base">Documentation</CardTitle>
        <CardDescription>
          Coverage and stale docs per repository, at its current commit.
        </CardDescription>
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
        {status === 'failed' && repos.length === 0 ? (
          <LoadError message={error ?? ''} onRetry={onRetry} />
        ) : status !== 'succeeded' && repos.length === 0 ? (
          <div className="flex flex-col gap-3" aria-busy="true">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : repos.length === 0 ? (
          <div
            data-testid="dashboard-repos-empty"
            className="flex flex-col items-start gap-2 text-sm"
          >
            <p className="text-muted-foreground">No repositories yet.</p>
            <TextLink to={paths.app.repository}>Connect a repository</TextLink>
          </div>
        ) : (
          <ul className="flex flex-col gap-4">
            {repos.map((repo) => {
              const percent = coveragePercent({
                objects: repo.object_count,
                documented: repo.documented_count,
              });
              return (
                <li
                  key={repo.repo_id}
                  data-testid="dashboard-repo"
                  className="flex min-w-0 flex-col gap-1.5"
                >
                  <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 text-sm">
                    <Link
                      to={`${paths.app.livedocs}?repo=${encodeURIComponent(repo.repo_id)}`}
                      className="flex min-w-0 items-center gap-2 rounded-sm font-medium outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                    >
                      <FolderGit2
                        aria-hidden="true"
                        className="size-4 shrink-0 text-muted-foreground"
                      />
                      <span className="truncate">{repo.name}</span>
                    </Link>
                    {repo.indexed === false ? (
                      <span className="text-xs text-muted-foreground">Reading the code…</span>
                    ) : (
                      <span className="flex flex-wrap items-baseline gap-x-3 text-xs text-muted-foreground tabular-nums">
                        <span data-testid="dashboard-repo-coverage">
                          {percent === null ? 'No objects' : `${percent}% documented`} ·{' '}
                          {repo.documented_count.toLocaleString()} of{' '}
                          {repo.object_count.toLocaleString()}
                        </span>
                        {repo.generated_count > 0 && (
                          <span data-testid="dashboard-repo-generated">
                            {repo.generated_count.toLocaleString()} generated only
                          </span>
                        )}
                        {repo.undocumented_count > 0 && (
                          <span data-testid="dashboard-repo-needs-writer">
                            {repo.undocumented_count.toLocaleString()}{' '}
                            {repo.undocumented_count === 1 ? 'needs' : 'need'} a writer
                          </span>
                        )}
                        {repo.stale_count > 0 ? (
                          <TextLink
                            to={staleObjectsHref(repo.repo_id)}
                            data-testid="dashboard-repo-stale"
                            className="text-xs"
                          >
                            {repo.stale_count.toLocaleString()} stale
                          </TextLink>
                        ) : (
                          <span data-testid="dashboard-repo-stale">0 stale</span>
                        )}
                      </span>
                    )}
                  </div>
                  {repo.indexed !== false && (
                    <Progress
                      aria-label={`${repo.name}: documentation coverage`}
                      value={repo.documented_count}
                      max={Math.max(repo.object_count, 1)}
                    />
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
