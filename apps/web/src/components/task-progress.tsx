import type { ReactNode } from 'react';
import { CircleCheck } from 'lucide-react';
import { Progress } from '@/components/ui/progress';
import { cn } from '@/lib/cn';

/** A background task's progress: a label, its latest message and a bar (indeterminate at first). */
export function TaskProgress({
  testId,
  label,
  done,
  total,
  message,
  note,
  status,
  action,
}: {
  testId: string;
  label: string;
  done: number;
  total: number;
  message: string | null;
  /** A second line, e.g. what the task spends. */
  note?: string | null;
  /** A finished task shows no bar: a tick when it succeeded. */
  status?: string;
  /** A control beside the label, e.g. a close button once the task is over. */
  action?: ReactNode;
}) {
  const finished = status === 'succeeded' || status === 'failed';
  return (
    <div
      data-testid={testId}
      data-status={status}
      className={cn(
        'flex flex-col gap-1.5 rounded-md border bg-card p-3',
        status === 'failed' ? 'border-destructive/50' : 'border-border',
      )}
    >
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="flex items-center gap-1.5 font-medium">
          {status === 'succeeded' && (
            <CircleCheck aria-hidden="true" className="size-4 text-emerald-600" />
          )}
          {label}
        </span>
        <span className="ml-auto text-muted-foreground" aria-live="polite">
          {message}
          {total > 0 && ` · ${done.toLocaleString()} / ${total.toLocaleString()}`}
        </span>
        {action}
      </div>
      {note && <p className="text-xs text-muted-foreground">{note}</p>}
      {!finished && (
        <Progress
          value={total > 0 ? Math.min(done, total) : null}
          max={total || 1}
          aria-label={label}
        />
      )}
    </div>
  );
}
