import type { Task } from '@codedocs/contract';
import { LoadError } from '@/components/load-error';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { useRunningTasks } from '../hooks/use-running-tasks';

/** What a task does, in words, from its kind and subject. */
export function taskLabel(task: Task, repoName: (repoId: string) => string | undefined): string {
  const subject = task.subject ?? {};
  const repo = (subject.repo_id && repoName(subject.repo_id)) || 'a repository';
  switch (task.kind) {
    case 'repo.connect':
      return `Connecting ${subject.url ?? 'a repository'}`;
    case 'repo.sync':
      return `Syncing ${repo}`;
    case 'repo.checkout':
      return `Switching ${repo} to ${subject.branch ?? 'another branch'}`;
    case 'repo.index':
      return `Reading the code of ${repo}`;
    case 'livedocs.generate':
      return `Generating docs for ${repo}`;
    case 'site.build':
      return 'Building a site';
    default:
      return 'Working';
  }
}

/** The caller's queued and running tasks with live progress (the task event stream). */
export function RunningTasksCard({
  repoName,
}: {
  repoName: (repoId: string) => string | undefined;
}) {
  const tasks = useRunningTasks();
  return (
    <Card data-testid="dashboard-tasks" className="min-w-0">
      <CardHeader className="p-4 sm:p-6">
        <CardTitle className="text-base">Running tasks</CardTitle>
        <CardDescription>
          Connects, syncs, code reading, generation and site builds.
        </CardDescription>
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
        {tasks.isError ? (
          <LoadError message={tasks.error.message} onRetry={() => void tasks.refetch()} />
        ) : !tasks.data ? (
          <Skeleton className="h-12 w-full" />
        ) : tasks.data.tasks.length === 0 ? (
          <p data-testid="dashboard-tasks-empty" className="text-sm text-muted-foreground">
            Nothing is running.
          </p>
        ) : (
          <ul className="flex flex-col gap-4">
            {tasks.data.tasks.map((task) => {
              const label = taskLabel(task, repoName);
              const { done, total } = task.progress;
              return (
                <li
                  key={task.task_id}
                  data-testid="dashboard-task"
                  className="flex flex-col gap-1.5"
                >
                  <div className="flex items-baseline justify-between gap-2 text-sm">
                    <span className="min-w-0 truncate font-medium">{label}</span>
                    <span className="shrink-0 text-xs text-muted-foreground tabular-nums">
                      {task.status === 'queued' ? 'Waiting' : total > 0 ? `${done} / ${total}` : ''}
                    </span>
                  </div>
                  <Progress
                    aria-label={label}
                    value={task.status === 'running' && total > 0 ? done : null}
                    max={total || 100}
                  />
                  {task.message && (
                    <span className="truncate text-xs text-muted-foreground">{task.message}</span>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
