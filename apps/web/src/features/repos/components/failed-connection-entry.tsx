import { CircleAlert, RotateCcw, X } from 'lucide-react';
import { useState } from 'react';
import { FAILED_TO_CONNECT_REPO } from '@codedocs/contract';
import { useAppDispatch } from '@/app/hooks';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { explainConnectFailure, transportLabel } from '../connect-failure';
import {
  connectRepository,
  failedConnectionDismissed,
  type FailedConnection,
} from '../store/connecting-slice';

/** Props of FailedConnectionEntry. */
export interface FailedConnectionEntryProps {
  entry: FailedConnection;
}

/**
 * A connect that failed: "Failed to connect repo", a sentence saying why and what to do, git's
 * own words behind a disclosure, and Retry / Dismiss. It stays until the person acts on it.
 */
export function FailedConnectionEntry({ entry }: FailedConnectionEntryProps) {
  const dispatch = useAppDispatch();
  const [retrying, setRetrying] = useState(false);
  const { sentence, detail } = explainConnectFailure(entry.error);
  const labelId = `failed-${entry.task_id}`;
  const request = entry.request;

  const retry = async () => {
    if (!request) return;
    setRetrying(true);
    const result = await dispatch(connectRepository(request));
    setRetrying(false);
    // accepted: the new attempt shows as a connecting entry; refused: the card stays
    if (connectRepository.fulfilled.match(result)) {
      dispatch(failedConnectionDismissed(entry.task_id));
    }
  };

  return (
    <li
      data-testid="failed-connection"
      data-task-id={entry.task_id}
      aria-labelledby={labelId}
      className="flex flex-col gap-2 rounded-xl border border-destructive/50 bg-card p-4 text-card-foreground"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-1 items-start gap-2">
          <CircleAlert className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
          <div className="flex min-w-0 flex-col gap-1">
            <div className="flex min-w-0 flex-wrap items-center gap-2">
              <span id={labelId} className="font-medium">
                {FAILED_TO_CONNECT_REPO}
              </span>
              <Badge variant="outline" className="uppercase">
                {transportLabel(entry.url, entry.method)}
              </Badge>
            </div>
            <span className="font-mono text-xs break-all text-muted-foreground">{entry.url}</span>
            <p data-testid="failed-connection-reason" className="text-sm" role="alert">
              {sentence}
            </p>
            {detail && (
              <details className="text-xs text-muted-foreground">
                <summary className="cursor-pointer select-none">Technical detail</summary>
                <pre
                  data-testid="failed-connection-detail"
                  className="mt-1 max-w-full overflow-x-auto rounded-md bg-muted p-2 font-mono whitespace-pre-wrap break-all"
                >
                  {detail}
                </pre>
              </details>
            )}
          </div>
        </div>
        <div className="flex items-center gap-2">
          {request && (
            <Button
              variant="outline"
              size="sm"
              data-testid="failed-connection-retry"
              aria-label={`Retry connecting ${entry.url}`}
              disabled={retrying}
              onClick={() => void retry()}
            >
              <RotateCcw aria-hidden="true" />
              Retry
            </Button>
          )}
          <Button
            variant="ghost"
            size="sm"
            data-testid="failed-connection-dismiss"
            aria-label={`Dismiss the failed connect of ${entry.url}`}
            onClick={() => dispatch(failedConnectionDismissed(entry.task_id))}
          >
            <X aria-hidden="true" />
            Dismiss
          </Button>
        </div>
      </div>
    </li>
  );
}
