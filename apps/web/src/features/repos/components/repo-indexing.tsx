import { useEffect } from 'react';
import { useAppDispatch } from '@/app/hooks';
import { Progress } from '@/components/ui/progress';
import { useTask } from '@/hooks/use-task';
import type { Repo } from '../api/get-repos';
import { fetchRepos } from '../store/repos-slice';

/**
 * While the engine reads a repository's current commit (after a connect, or a sync whose inline
 * indexing had to be retried), its progress; the list reloads when it is done so the doc counts
 * show. The task id is the one the server gives every commit's indexing.
 */
export function RepoIndexing({ repo, labelId }: { repo: Repo; labelId: string }) {
  const dispatch = useAppDispatch();
  const reading = repo.indexed === false && repo.commit_id !== null;
  const task = useTask(reading ? `index:${repo.repo_id}:${repo.commit_id}` : null);
  useEffect(() => {
    if (task?.status === 'succeeded') void dispatch(fetchRepos());
  }, [dispatch, task?.status]);
  if (!reading || !task || task.status === 'succeeded') return null;
  if (task.status === 'failed') {
    return (
      <p className="text-xs text-destructive" data-testid="repo-indexing-failed">
        The code could not be read: {task.error ?? 'indexing failed'}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-1" data-testid="repo-indexing">
      <span id={labelId} className="text-xs text-muted-foreground">
        {task.message ?? 'Waiting to read the code'}
      </span>
      <Progress
        aria-labelledby={labelId}
        value={task.progress.total > 0 ? Math.min(task.progress.done, task.progress.total) : null}
        max={task.progress.total || 1}
      />
    </div>
  );
}
