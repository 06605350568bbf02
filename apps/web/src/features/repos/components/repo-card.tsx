import { BookOpenText, Files, GitCommitHorizontal, KeyRound, RefreshCw } from 'lucide-react';
import { Link } from 'react-router';
import { useAppSelector } from '@/app/hooks';
import { Detail } from '@/components/detail';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { useTask } from '@/hooks/use-task';
import { formatDateTime } from '@/lib/format';
import type { Repo } from '../api/get-repos';
import { transportLabel } from '../connect-failure';
import { formatRelativeTime } from '@/lib/format-relative-time';
import { selectRepoTaskId } from '../store/repo-tasks-slice';
import { repoClientStatus } from '../store/repos-slice';
import { BranchMenu } from './branch-menu';
import { DeleteRepoDialog } from './delete-repo-dialog';
import { RepoIndexing } from './repo-indexing';
import { RepoStatusBadge } from './repo-status-badge';
import { statusBreakdown } from '@/lib/doc-status';

/** Props of RepoCard. */
export interface RepoCardProps {
  repo: Repo;
  onSync: () => void;
  onSwitchBranch: (branchName: string) => Promise<boolean>;
  onDelete: () => void;
}

/**
 * One connected repository: what it is (name, URL, method, branch, commit, last sync, files and
 * languages, the SSH host key), its status and its actions (sync, switch branch, delete).
 */
export function RepoCard({ repo, onSync, onSwitchBranch, onDelete }: RepoCardProps) {
  const status = repoClientStatus(repo);
  const busy = status === 'syncing' || status === 'deleting';
  const taskId = useAppSelector((state) => selectRepoTaskId(state, repo.repo_id));
  const task = useTask(status === 'syncing' ? taskId : null);
  const titleId = `repo-${repo.repo_id}-name`;
  return (
    <li
      data-testid="repo-row"
      data-repo-name={repo.name}
      aria-labelledby={titleId}
      aria-busy={busy || undefined}
      className="flex flex-col gap-4 rounded-xl border border-border bg-card p-4 text-card-foreground shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id={titleId} className="truncate text-base font-semibold">
              {repo.name}
            </h2>
            <Badge variant="outline" className="uppercase">
              {transportLabel(repo.url, repo.method)}
            </Badge>
            <RepoStatusBadge status={status} />
          </div>
          <p className="truncate font-mono text-xs text-muted-foreground" title={repo.url}>
            {repo.url}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="outline"
            size="sm"
            onClick={onSync}
            disabled={busy}
            data-testid="repo-sync"
            aria-label={`Sync ${repo.name}`}
          >
            <RefreshCw aria-hidden="true" className={status === 'syncing' ? 'animate-spin' : ''} />
            <span className="hidden sm:inline">Sync</span>
          </Button>
          {repo.commit_id && (
            <Button variant="outline" size="sm" asChild>
              <Link
                to={`/app/repository?overview=${encodeURIComponent(repo.repo_id)}`}
                data-testid="repo-overview-link"
                aria-label={`Overview of ${repo.name}`}
              >
                <BookOpenText aria-hidden="true" />
                <span className="hidden sm:inline">Overview</span>
              </Link>
            </Button>
          )}
          <BranchMenu repo={repo} disabled={busy} onSwitch={onSwitchBranch} />
          <DeleteRepoDialog repo={repo} disabled={status === 'deleting'} onConfirm={onDelete} />
        </div>
      </div>
      {status === 'syncing' && task && task.progress.total > 0 && (
        <div className="flex flex-col gap-1" data-testid="repo-task">
          <span id={`${titleId}-task`} className="text-xs text-muted-foreground">
            {task.message ?? 'Syncing'} ({task.progress.done}/{task.progress.total})
          </span>
          <Progress
            data-testid="task-progress"
            aria-labelledby={`${titleId}-task`}
            value={Math.min(task.progress.done, task.progress.total)}
            max={task.progress.total}
          />
        </div>
      )}
      {status !== 'syncing' && <RepoIndexing repo={repo} labelId={`${titleId}-indexing`} />}
      {status === 'error' && repo.error && (
        <p role="alert" data-testid="repo-error" className="text-sm text-destructive">
          {repo.error}
        </p>
      )}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        <Detail term="Branch">{repo.branch ?? '—'}</Detail>
        <Detail term="Commit">
          <span className="inline-flex items-center gap-1 font-mono">
            <GitCommitHorizontal aria-hidden="true" className="size-3.5 text-muted-foreground" />
            {repo.commit_id ? repo.commit_id.slice(0, 7) : '—'}
          </span>
        </Detail>
        <Detail term="Last synced">
          <time dateTime={repo.last_synced ?? undefined} title={formatDateTime(repo.last_synced)}>
            {formatRelativeTime(repo.last_synced)}
          </time>
        </Detail>
        <Detail term="Files">
          <span className="inline-flex items-center gap-1">
            <Files aria-hidden="true" className="size-3.5 text-muted-foreground" />
            {repo.file_count ?? '—'}
          </span>
        </Detail>
        {repo.object_count > 0 && (
          <Detail term="Documented">
            <span
              data-testid="repo-doc-counts"
              title={statusBreakdown({
                objects: repo.object_count,
                documented: repo.documented_count,
                generated: repo.generated_count,
                stale: repo.stale_count,
                undocumented: repo.undocumented_count,
              })}
            >
              {repo.documented_count}/{repo.object_count}
              {repo.generated_count > 0 && (
                <span className="text-muted-foreground"> · {repo.generated_count} generated</span>
              )}
              {repo.stale_count > 0 && (
                <span className="text-amber-600 dark:text-amber-400">
                  {' '}
                  · {repo.stale_count} stale
                </span>
              )}
            </span>
          </Detail>
        )}
      </dl>
      {(repo.languages.length > 0 || (repo.method === 'ssh' && repo.host_key_fingerprint)) && (
        <div className="flex flex-col gap-2">
          {repo.languages.length > 0 && (
            <ul aria-label="Languages" className="flex flex-wrap gap-1">
              {repo.languages.map((language) => (
                <li key={language}>
                  <Badge variant="secondary">{language}</Badge>
                </li>
              ))}
            </ul>
          )}
          {repo.method === 'ssh' && repo.host_key_fingerprint && (
            <p
              className="flex min-w-0 items-center gap-1 text-xs text-muted-foreground"
              data-testid="repo-host-key"
            >
              <KeyRound aria-hidden="true" className="size-3.5 shrink-0" />
              <span>Host key</span>
              <code className="truncate font-mono">{repo.host_key_fingerprint}</code>
            </p>
          )}
        </div>
      )}
    </li>
  );
}
