import type { Task } from '@codedocs/contract';
import { serviceUnavailable } from '../../errors/index';
import type { JobQueue } from '../../jobs/job-queue';
import type { TaskEventBus } from '../../jobs/task-events';

const POLL_MS = 200;

/**
 * Waits until the user's task ends, woken by its task events and checked by polling the row as
 * well (an event can be missed between reading and subscribing). Past `timeoutMs` it answers 503
 * naming the task, which keeps running and can still be followed.
 */
export async function waitForTaskEnd(
  jobs: { queue: JobQueue; events: TaskEventBus },
  taskId: string,
  userId: string,
  timeoutMs: number,
): Promise<Task> {
  const deadline = Date.now() + timeoutMs;
  let wake: (() => void) | undefined;
  const unsubscribe = jobs.events.subscribe(userId, (task) => {
    if (task.task_id === taskId) wake?.();
  });
  try {
    for (;;) {
      const task = await jobs.queue.get(taskId, userId);
      if (task.status === 'succeeded' || task.status === 'failed') return task;
      const left = deadline - Date.now();
      if (left <= 0) {
        throw serviceUnavailable(`The task ${taskId} is still running; follow it for the result`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, Math.min(POLL_MS, left));
        function done() {
          clearTimeout(timer);
          wake = undefined;
          resolve();
        }
        wake = done;
      });
    }
  } finally {
    unsubscribe();
  }
}
