import { useEffect, useRef } from 'react';
import { FAILED_TO_CONNECT_REPO } from '@codedocs/contract';
import { useAppDispatch } from '@/app/hooks';
import { Badge } from '@/components/ui/badge';
import { Progress } from '@/components/ui/progress';
import { Spinner } from '@/components/ui/spinner';
import { useTask } from '@/hooks/use-task';
import { toast } from '@/hooks/use-toast';
import {
  connectionFinished,
  connectionStarted,
  type PendingConnection,
} from '../store/connecting-slice';
import { refreshRepos } from '../store/repos-slice';

/** Props of ConnectingEntry. */
export interface ConnectingEntryProps {
  entry: PendingConnection;
}

/**
 * A connect whose clone is queued or running: its URL, method and the task's progress. When the
 * task succeeds the entry leaves and the repo list is fetched again; when it fails the entry
 * leaves with a "Failed to connect repo" toast carrying the task's error.
 */
export function ConnectingEntry({ entry }: ConnectingEntryProps) {
  const dispatch = useAppDispatch();
  const task = useTask(entry.task_id);
  const finished = useRef(false);
  const status = task?.status;

  useEffect(() => {
    if (!task || finished.current) return;
    if (task.status === 'succeeded') {
      finished.current = true;
      void dispatch(refreshRepos()).finally(() => dispatch(connectionFinished(entry.task_id)));
      toast({ title: 'Repository connected', description: entry.url });
    } else if (task.status === 'failed') {
      finished.current = true;
      dispatch(connectionFinished(entry.task_id));
      toast({
        variant: 'destructive',
        title: FAILED_TO_CONNECT_REPO,
        description: task.error ?? entry.url,
      });
    } else if (task.status === 'running' && entry.queued) {
      dispatch(connectionStarted(entry.task_id));
    }
  }, [task, dispatch, entry.task_id, entry.url, entry.queued]);

  const queued = !task ? entry.queued : status === 'queued';
  const { done, total } = task?.progress ?? { done: 0, total: 0 };
  const labelId = `connecting-${entry.task_id}`;
  return (
    <li
      data-testid="connecting-entry"
      data-task-id={entry.task_id}
      aria-labelledby={labelId}
      className="flex flex-col gap-2 rounded-xl border border-dashed border-border bg-card p-4 text-card-foreground"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 items-center gap-2">
          <Spinner className="size-4" />
          <span id={labelId} className="truncate font-mono text-sm" title={entry.url}>
            {entry.url}
          </span>
          <Badge variant="outline" className="uppercase">
            {entry.method}
          </Badge>
        </div>
        <span className="text-xs text-muted-foreground" role="status">
          {queued ? 'Queued' : (task?.message ?? 'Connecting…')}
          {!queued && total > 0 && ` (${done}/${total})`}
        </span>
      </div>
      <Progress
        data-testid="task-progress"
        aria-labelledby={labelId}
        value={!queued && total > 0 ? Math.min(done, total) : null}
        max={total > 0 ? total : 100}
      />
    </li>
  );
}
