import { z } from 'zod';
import { defineJob } from '../job-definition';

/**
 * Builds a folder's static site from its compilation at each repository's current commit into a
 * new build directory, then publishes it (issue 16). Idempotent: a re-run writes the same build
 * directory again from the start.
 */
export const siteBuildJob = defineJob({
  kind: 'site.build',
  payload: z.object({ folder_id: z.string().min(1) }),
  retry: { maxAttempts: 3, backoffBaseMs: 2_000, backoffCapMs: 30_000 },
  timeoutMs: 60 * 60_000,
});

export type SiteBuildPayload = z.infer<typeof siteBuildJob.payload>;
