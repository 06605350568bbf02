import type { PendingTasksResponse } from '@codedocs/contract';
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
