import { useEffect, useState } from 'react';
import type { Task } from '@codedocs/contract';
import { getTask, subscribeToTasks } from '@/lib/task-events';

const FINISHED: readonly Task['status'][] = ['succeeded', 'failed'];

/**
 * The latest state of task `taskId` (null until one is known): every change streamed on the
 * shared task event connection, plus one `GET /api/v1/tasks/{id}` so a task that finished before
 * the stream opened is seen too. A 404 (the task is not created yet) is ignored.
 */
export function useTask(taskId: string | null): Task | null {
  const [task, setTask] = useState<Task | null>(null);

  useEffect(() => {
    if (!taskId) return undefined;
    const controller = new AbortController();
    let streamed = false;
    const unsubscribe = subscribeToTasks((change) => {
      if (change.task_id !== taskId) return;
      streamed = true;
      setTask(change);
    });
    getTask(taskId, controller.signal).then(
      (current) => {
        // The stream is newer, unless this answer already says the task is over.
        if (!controller.signal.aborted && (!streamed || FINISHED.includes(current.status))) {
          setTask(current);
        }
      },
      () => undefined,
    );
    return () => {
      controller.abort();
      unsubscribe();
    };
  }, [taskId]);

  return task && task.task_id === taskId ? task : null;
}
