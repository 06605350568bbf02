import { z } from 'zod';
import { defineJob } from '../job-definition';

/**
 * Hourly housekeeping: deletes used or expired mailed tokens, ended sessions, stale throttle rows
 * and old finished jobs. Scheduled once per hour by id, so any number of processes agree.
 */
export const purgeExpiredJob = defineJob({
  kind: 'maintenance.purge-expired',
  payload: z.object({}),
  retry: { maxAttempts: 3, backoffBaseMs: 30_000, backoffCapMs: 10 * 60_000 },
  timeoutMs: 5 * 60_000,
});
