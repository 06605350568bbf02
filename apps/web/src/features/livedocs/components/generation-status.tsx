import { CircleAlert, X } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextLink } from '@/components/text-link';
import { TaskProgress } from '@/components/task-progress';
import { paths } from '@/config/paths';
import type { GenerationProgress, GenerationRefusal } from '../hooks/use-generation';

const count = (n: number) => n.toLocaleString();

/** What a generation spends of the monthly quota, in words (null when there is nothing to say). */
export function spendNote(progress: GenerationProgress): string | null {
  const estimate = progress.estimate;
  if (!estimate) return null;
  if (estimate.to_spend === 0) {
    return `${count(estimate.objects)} objects, all documented already: this one is free.`;
  }
  const uses = `Uses ${count(estimate.to_spend)} of your monthly objects`;
  if (estimate.left === null) return `${uses} (unlimited plan).`;
  const after = Math.max(0, estimate.left - estimate.to_spend);
  return `${uses}; ${count(after)} of ${count(estimate.quota ?? 0)} left after it.`;
}

/**
 * The latest generation in the panel: its progress while it runs, then "Done" (or "Generation
 * failed") with a button that puts it away.
 */
export function GenerationProgressPanel({
  progress,
  onDismiss,
}: {
  progress: GenerationProgress;
  onDismiss: () => void;
}) {
  const finished = progress.status === 'succeeded' || progress.status === 'failed';
  const label =
    progress.status === 'succeeded'
      ? 'Done'
      : progress.status === 'failed'
        ? 'Generation failed'
        : 'Generating docs';
  return (
    <TaskProgress
      testId="livedocs-progress"
      label={label}
      done={progress.done}
      total={progress.total}
      message={progress.message}
      note={spendNote(progress)}
      status={progress.status}
      action={
        finished ? (
          <Button
            variant="ghost"
            size="icon"
            className="size-6"
            aria-label="Close the generation report"
            data-testid="livedocs-progress-dismiss"
            onClick={onDismiss}
          >
            <X aria-hidden="true" />
          </Button>
        ) : undefined
      }
    />
  );
}

/**
 * A generation the server (or the estimate) refused: the quota is used up or there is no usable
 * plan. It stays in the panel, with the way forward, until dismissed or the next attempt.
 */
export function GenerationRefusalAlert({
  refusal,
  onDismiss,
}: {
  refusal: GenerationRefusal;
  onDismiss: () => void;
}) {
  return (
    <Alert variant="destructive" role="alert" data-testid="livedocs-generate-refused">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="font-medium">
          {refusal.reason === 'quota'
            ? 'Not enough objects left this month'
            : 'Generating needs an active plan'}
        </p>
        <p data-testid="livedocs-generate-refused-reason">{refusal.message}</p>
        <p className="text-muted-foreground">
          {refusal.reason === 'quota'
            ? 'Select fewer files, wait for next month, or '
            : 'Choose a plan, or reload the page if you just bought one: '}
          <TextLink to={paths.app.settings.parser} data-testid="livedocs-generate-plans-link">
            see the plans in Parser settings
          </TextLink>
          .
        </p>
      </div>
      <Button
        variant="ghost"
        size="icon"
        className="size-6 shrink-0"
        aria-label="Dismiss"
        onClick={onDismiss}
      >
        <X aria-hidden="true" />
      </Button>
    </Alert>
  );
}
