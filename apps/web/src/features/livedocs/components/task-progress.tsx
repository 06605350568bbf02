import { Progress } from '@/components/ui/progress';

/** A background task's progress: a label, its latest message and a bar (indeterminate at first). */
export function TaskProgress({
  testId,
  label,
  done,
  total,
  message,
}: {
  testId: string;
  label: string;
  done: number;
  total: number;
  message: string | null;
}) {
  return (
    <div
      data-testid={testId}
      className="flex flex-col gap-1.5 rounded-md border border-border bg-card p-3"
    >
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <span className="font-medium">{label}</span>
        <span className="text-muted-foreground" aria-live="polite">
          {message}
          {total > 0 && ` · ${done.toLocaleString()} / ${total.toLocaleString()}`}
        </span>
      </div>
      <Progress
        value={total > 0 ? Math.min(done, total) : null}
        max={total || 1}
        aria-label={label}
      />
    </div>
  );
}
