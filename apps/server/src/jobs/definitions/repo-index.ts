import { z } from 'zod';
import { defineJob } from '../job-definition';

/**
 * Reads a listed commit with the engine (objects, doc comments, references) after a connect, or
 * after a sync whose inline indexing failed. Retried: parsing is deterministic, but the clone may
 * be briefly unavailable.
 */
export const repoIndexJob = defineJob({
  kind: 'repo.index',
  payload: z.object({
    repo_id: z.string().min(1),
    commit_id: z.string().regex(/^[0-9a-f]{40,64}$/),
    base_commit: z
      .string()
      .regex(/^[0-9a-f]{40,64}$/)
      .nullable()
      .optional(),
  }),
  retry: { maxAttempts: 3, backoffBaseMs: 5_000, backoffCapMs: 60_000 },
  timeoutMs: 2 * 60 * 60_000,
});

export type RepoIndexPayload = z.infer<typeof repoIndexJob.payload>;

/** The task id of a commit's indexing: one task per repository and commit, whoever asks. */
export function indexTaskId(repoId: string, commitId: string): string {
  return `index:${repoId}:${commitId}`;
}
