import { useQuery } from '@tanstack/react-query';
import { CHECKLIST_STEPS, type ChecklistStep } from '@codedocs/contract';
import { CheckCircle2, Circle } from 'lucide-react';
import { Link } from 'react-router';
import { LoadError } from '@/components/load-error';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { buttonVariants } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { checklistQueryOptions } from '../api/activity-calls';

const STEPS: Record<ChecklistStep, { label: string; hint: string; to: string }> = {
  connect: {
    label: 'Connect a repository',
    hint: 'Over HTTPS or SSH; its code is read in the background.',
    to: paths.app.repository,
  },
  generate: {
    label: 'Generate docs',
    hint: 'Every function, class and type gets its fields.',
    to: paths.app.livedocs,
  },
  pocket: {
    label: 'Gather objects in a pocket',
    hint: 'Pick what belongs together, from any repository.',
    to: paths.app.pockets,
  },
  site: {
    label: 'Build a site',
    hint: 'A static documentation site from the pocket.',
    to: paths.app.export,
  },
  share: {
    label: 'Share it',
    hint: 'By link or e-mail.',
    to: paths.app.export,
  },
};

/**
 * First steps for a new account (connect → generate → pocket → site → share), with the next
 * one to take; gone once every step is done.
 */
export function ChecklistCard() {
  const checklist = useQuery(checklistQueryOptions());
  if (checklist.data?.done) return null;
  const next = CHECKLIST_STEPS.find((step) => !checklist.data?.steps[step]);
  const doneCount = CHECKLIST_STEPS.filter((step) => checklist.data?.steps[step]).length;
  return (
    <Card data-testid="dashboard-checklist">
      <CardHeader className="p-4 sm:p-6">
        <CardTitle className="text-base">Get started</CardTitle>
        <CardDescription>
          {checklist.data
            ? `${doneCount} of ${CHECKLIST_STEPS.length} steps done.`
            : 'Five steps from your code to a shared documentation site.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
        {checklist.isError ? (
          <LoadError message={checklist.error.message} onRetry={() => void checklist.refetch()} />
        ) : !checklist.data ? (
          <Skeleton className="h-40 w-full" />
        ) : (
          <ol className="flex flex-col gap-2">
            {CHECKLIST_STEPS.map((step) => {
              const done = checklist.data.steps[step];
              const { label, hint, to } = STEPS[step];
              return (
                <li
                  key={step}
                  data-testid={`checklist-${step}`}
                  data-done={done}
                  className="flex items-start gap-3"
                >
                  {done ? (
                    <CheckCircle2
                      aria-hidden="true"
                      className="mt-0.5 size-4 shrink-0 text-emerald-600 dark:text-emerald-400"
                    />
                  ) : (
                    <Circle
                      aria-hidden="true"
                      className="mt-0.5 size-4 shrink-0 text-muted-foreground"
                    />
                  )}
                  <div className="flex min-w-0 flex-1 flex-col">
                    <span
                      className={cn(
                        'text-sm font-medium',
                        done && 'text-muted-foreground line-through',
                      )}
                    >
                      {label}
                      <span className="sr-only">{done ? ' (done)' : ' (to do)'}</span>
                    </span>
                    {!done && <span className="text-xs text-muted-foreground">{hint}</span>}
                  </div>
                  {step === next && (
                    <Link to={to} className={buttonVariants({ size: 'sm' })}>
                      Start
                    </Link>
                  )}
                </li>
              );
            })}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
