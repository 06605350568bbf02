import { useEffect, useRef, useState } from 'react';
import { X } from 'lucide-react';
import { FAILED_TO_CONNECT_REPO } from '@codedocs/contract';
import { useAppDispatch } from '@/app/hooks';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { Spinner } from '@/components/ui/spinner';
import { useTask } from '@/hooks/use-task';
import { toast } from '@/hooks/use-toast';
import { apiErrorFromUnknown } from '@/lib/api-error';
import { cancelTask } from '../api/pending-connects';
import { explainConnectFailure, transportLabel } from '../connect-failure';
import {
  connectionFailed,
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
 * A connect whose clone is queued or running: its URL, how it is reached and the task's real
 * state (queued, a retry waiting after a failed attempt, running with its message and progress).
 * When the task succeeds the entry leaves and the repo list is fetched again; when it fails the
 * entry leaves the connecting list ("Failed to connect repo", spec section 3) and becomes a failed
 * card that stays until dismissed.
 */
export function ConnectingEntry({ entry }: ConnectingEntryProps) {
  const dispatch = useAppDispatch();
  const task = useTask(entry.task_id);
  const finished = useRef(false);
  const status = task?.status;
  const [cancelling, setCancelling] = useState(false);

  const handleCancel = async () => {
    setCancelling(true);
    try {
      await cancelTask(entry.task_id);
      finished.current = true;
      dispatch(connectionFinished(entry.task_id));
      toast({ title: 'Connection cancelled', description: entry.url });
    } catch (error) {
      setCancelling(false);
      const failure = apiErrorFromUnknown(error);
      // 409: the clone finished meanwhile; its own event ends the entry.
      if (failure.status !== 409) {
        toast({ variant: 'destructive', title: 'Could not cancel', description: failure.message });
      }
    }
  };

  useEffect(() => {
    if (!task || finished.current) return;
    if (task.status === 'succeeded') {
      finished.current = true;
      void dispatch(refreshRepos()).finally(() => dispatch(connectionFinished(entry.task_id)));
      toast({ title: 'Repository connected', description: entry.url });
    } else if (task.status === 'failed') {
      finished.current = true;
      dispatch(connectionFailed({ task_id: entry.task_id, error: task.error }));
      toast({
        variant: 'destructive',
        title: FAILED_TO_CONNECT_REPO,
        description: explainConnectFailure(task.error).sentence,
      });
    } else if (task.status === 'running' && entry.queued) {
      dispatch(connectionStarted(entry.task_id));
    }
  }, [task, dispatch, entry.task_id, entry.url, entry.queued]);

  const queued = !task ? entry.queued : status === 'queued';
  // a queued task with an error is a retry waiting for its turn after a failed attempt
  const retryReason = queued && task?.error ? explainConnectFailure(task.error).sentence : null;
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
            {transportLabel(entry.url, entry.method)}
          </Badge>
        </div>
        <div className="flex items-center gap-2">
          <span
            data-testid="connecting-state"
            className="text-xs text-muted-foreground"
            role="status"
          >
            {retryReason
              ? 'Retrying after a failed attempt'
              : queued
                ? 'Queued'
                : (task?.message ?? 'Connecting…')}
            {!queued && total > 0 && ` (${done}/${total})`}
          </span>
          <Button
            variant="ghost"
            size="sm"
            data-testid="connecting-cancel"
            aria-label={`Cancel connecting ${entry.url}`}
            disabled={cancelling}
            onClick={() => void handleCancel()}
          >
            <X aria-hidden="true" />
            Cancel
          </Button>
        </div>
      </div>
      {retryReason && (
        <p data-testid="connecting-retry-reason" className="text-xs text-muted-foreground">
          {retryReason}
        </p>
      )}
      <Progress
        data-testid="task-progress"
        aria-labelledby={labelId}
        value={!queued && total > 0 ? Math.min(done, total) : null}
        max={total > 0 ? total : 100}
      />
    </li>
  );
}
