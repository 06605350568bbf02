import {
  PLAN_HEADER,
  TASK_ID_HEADER,
  type BranchListResponse,
  type RepoConnectRequest,
  type RepoConnectResponse,
  type RepoDeleteResponse,
  type RepoResponse,
} from '@codedocs/contract';
import { api } from '@/lib/api-client';

/**
 * `POST /api/v2/repo/connect`: queues the clone as task `taskId` (a UUID the caller made, so it can
 * follow the task on the event stream before the answer arrives). `plan` is the `ps` cookie value.
 */
export function connectRepo(
  body: RepoConnectRequest,
  taskId: string,
  plan: string | undefined,
  signal?: AbortSignal,
): Promise<RepoConnectResponse> {
  return api.v2.post<RepoConnectResponse>('/repo/connect', body, {
    headers: { [TASK_ID_HEADER]: taskId, ...(plan ? { [PLAN_HEADER]: plan } : {}) },
    signal,
  });
}

/** `DELETE /api/v0/repo/{id}`: removes the repo, its clone and everything derived from it. */
export function deleteRepo(repoId: string): Promise<RepoDeleteResponse> {
  return api.v0.delete<RepoDeleteResponse>(`/repo/${encodeURIComponent(repoId)}`);
}

/**
 * `POST /api/v0/repo/sync`: fetches the remote and answers the updated repo once the new commit is
 * listed. Rejects with ApiError status 304 when the remote has nothing new. `taskId` (optional) lets
 * the caller follow the sync's progress on the event stream.
 */
export function syncRepo(repoId: string, taskId?: string): Promise<RepoResponse> {
  return api.v0.post<RepoResponse>(
    '/repo/sync',
    { repo_id: repoId },
    taskId ? { headers: { [TASK_ID_HEADER]: taskId } } : undefined,
  );
}

/** `POST /api/v0/repo/checkout`: switches the repo to `branchName`; answers the updated repo. */
export function checkoutRepo(
  repoId: string,
  branchName: string,
  taskId?: string,
): Promise<RepoResponse> {
  return api.v0.post<RepoResponse>(
    '/repo/checkout',
    { repo_id: repoId, branch_name: branchName },
    taskId ? { headers: { [TASK_ID_HEADER]: taskId } } : undefined,
  );
}

/** `GET /api/v0/repo/{id}/branches`: the branch switcher's list. */
export function getBranches(repoId: string, signal?: AbortSignal): Promise<BranchListResponse> {
  return api.v0.get<BranchListResponse>(`/repo/${encodeURIComponent(repoId)}/branches`, {
    signal,
  });
}
