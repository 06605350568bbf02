import { z } from 'zod';
import { defineJob } from '../job-definition';

/**
 * Builds an export (issue 22): a Markdown folder, a JSON document or a write-back patch of a
 * compilation or a repository at its current commit, into a store directory of its own, then
 * marks the export ready. Idempotent: a re-run writes a new directory from the start.
 */
export const exportBuildJob = defineJob({
  kind: 'export.build',
  payload: z.object({ export_id: z.string().min(1) }),
  retry: { maxAttempts: 3, backoffBaseMs: 2_000, backoffCapMs: 30_000 },
  timeoutMs: 60 * 60_000,
});

export type ExportBuildPayload = z.infer<typeof exportBuildJob.payload>;
