import { repoMethodSchema } from '@codedocs/contract';
import { z } from 'zod';
import { defineJob } from '../job-definition';
import { REPO_JOB_TIMEOUT_MS } from './repo-timeouts';

/**
 * Clones a repository the user connected (`POST /api/v2/repo/connect`) into
 * `${DATA_DIR}/repos/<repo_id>.git` and stores the listing of its branch's head. The URL was
 * validated before queueing and is validated again when the attempt runs.
 */
export const repoConnectJob = defineJob({
  kind: 'repo.connect',
  payload: z.object({
    repo_id: z.string().min(1),
    /** The normal form of the URL (no credentials), as stored on the repo. */
    url: z.string().min(1),
    method: repoMethodSchema,
    ssh_key_name: z.string().nullable(),
    branch: z.string().nullable(),
  }),
  retry: { maxAttempts: 3, backoffBaseMs: 5_000, backoffCapMs: 60_000 },
  timeoutMs: REPO_JOB_TIMEOUT_MS,
});

export type RepoConnectPayload = z.infer<typeof repoConnectJob.payload>;
