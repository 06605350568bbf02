import { z } from 'zod';
import { defineJob } from '../job-definition';
import { REPO_JOB_TIMEOUT_MS } from './repo-timeouts';

/** Switches a repository to another of its branches (`POST /api/v0/repo/checkout`). */
export const repoCheckoutJob = defineJob({
  kind: 'repo.checkout',
  payload: z.object({ repo_id: z.string().min(1), branch: z.string().min(1) }),
  retry: { maxAttempts: 2, backoffBaseMs: 1_000, backoffCapMs: 5_000 },
  timeoutMs: REPO_JOB_TIMEOUT_MS,
  // the route waits for it, and the repository's `syncing` status allows one at a time
  awaited: true,
});

export type RepoCheckoutPayload = z.infer<typeof repoCheckoutJob.payload>;
