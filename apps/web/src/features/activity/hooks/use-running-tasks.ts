import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { PendingTasksResponse, Task } from '@codedocs/contract';
import { subscribeToTasks } from '@/lib/task-events';
import { getPendingTasks, PENDING_TASKS_KEY } from '../api/activity-calls';

const FINISHED: readonly Task['status'][] = ['succeeded', 'failed'];

/**
 * The caller's queued and running tasks (`GET /api/v1/tasks`), kept current by the task stream:
 * a change updates its task, a new task appears, a finished one leaves the list.
 */
export function useRunningTasks() {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: PENDING_TASKS_KEY,
    queryFn: ({ signal }) => getPendingTasks(signal),
  });

  useEffect(
    () =>
      subscribeToTasks((change) => {
        queryClient.setQueryData<PendingTasksResponse>(PENDING_TASKS_KEY, (current) => {
          if (!current) return current;
          const others = current.tasks.filter((task) => task.task_id !== change.task_id);
          if (FINISHED.includes(change.status)) {
            return others.length === current.tasks.length ? current : { tasks: others };
          }
          const known = current.tasks.find((task) => task.task_id === change.task_id);
          // a change event may lack the subject the list had
          const merged = { ...change, subject: change.subject ?? known?.subject ?? null };
          return known
            ? { tasks: current.tasks.map((task) => (task === known ? merged : task)) }
            : { tasks: [...current.tasks, merged] };
        });
      }),
    [queryClient],
  );

  return query;
}
