import { Progress } from '@/components/ui/progress';

/** A long task's progress: a bar, its label and the task's latest message. */
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
    <div data-testid={testId} className="flex flex-col gap-1 rounded-md border border-border p-3">
      <div className="flex justify-between text-sm">
        <span>{label}</span>
        <span className="text-muted-foreground">{message}</span>
      </div>
      <Progress value={total > 0 ? done : null} max={total || 1} aria-label={label} />
    </div>
  );
}
