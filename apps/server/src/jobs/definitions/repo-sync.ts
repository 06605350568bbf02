import { z } from 'zod';
import { defineJob } from '../job-definition';
import { REPO_JOB_TIMEOUT_MS } from './repo-timeouts';

/**
 * Fetches a repository and moves it to the new head of its branch (`POST /api/v0/repo/sync`,
 * which waits for the task). Few retries: the caller is waiting for the answer.
 */
export const repoSyncJob = defineJob({
  kind: 'repo.sync',
  payload: z.object({ repo_id: z.string().min(1) }),
  retry: { maxAttempts: 2, backoffBaseMs: 1_000, backoffCapMs: 5_000 },
  timeoutMs: REPO_JOB_TIMEOUT_MS,
  // the route waits for it, and the repository's `syncing` status allows one at a time
  awaited: true,
});

export type RepoSyncPayload = z.infer<typeof repoSyncJob.payload>;
