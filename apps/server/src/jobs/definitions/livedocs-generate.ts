import { z } from 'zod';
import { defineJob } from '../job-definition';

/**
 * Writes the generated doc fields of every object in the chosen files (all files when
 * `file_ids` is null) at one indexed commit. Fields a person edited are kept.
 */
export const livedocsGenerateJob = defineJob({
  kind: 'livedocs.generate',
  payload: z.object({
    repo_id: z.string().min(1),
    commit_id: z.string().regex(/^[0-9a-f]{40,64}$/),
    file_ids: z.array(z.string().min(1)).nullable(),
  }),
  retry: { maxAttempts: 3, backoffBaseMs: 2_000, backoffCapMs: 30_000 },
  timeoutMs: 2 * 60 * 60_000,
});

export type LivedocsGeneratePayload = z.infer<typeof livedocsGenerateJob.payload>;
