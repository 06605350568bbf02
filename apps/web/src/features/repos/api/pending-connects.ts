import type { PendingTasksResponse, Task } from '@codedocs/contract';
import { api } from '@/lib/api-client';

/** The job kind of a repository connect, as its tasks report it. */
export const REPO_CONNECT_TASK_KIND = 'repo.connect';

/** `GET /api/v1/tasks?kind=repo.connect`: the caller's connects still queued or cloning. */
export function getPendingConnects(signal?: AbortSignal): Promise<PendingTasksResponse> {
  return api.v1.get<PendingTasksResponse>('/tasks', {
    query: { kind: REPO_CONNECT_TASK_KIND },
    signal,
  });
}

/** `DELETE /api/v1/tasks/{id}`: stops a queued or running connect (409 once it has finished). */
export function cancelTask(taskId: string): Promise<Task> {
  return api.v1.delete<Task>(`/tasks/${encodeURIComponent(taskId)}`);
}
