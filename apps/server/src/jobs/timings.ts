import type { JobTimings } from '../config';

/**
 * Production clocks: a heartbeat every 5 s and a job presumed orphaned after 60 s without one
 * (long enough to ride out a slow database, short enough that a crashed clone resumes soon).
 */
export const DEFAULT_JOB_TIMINGS: JobTimings = {
  pollMs: 1000,
  heartbeatMs: 5000,
  staleAfterMs: 60_000,
  reapEveryMs: 15_000,
  backoffScale: 1,
  progressEveryMs: 250,
};

/** The defaults with a test's overrides applied. */
export function jobTimings(overrides: Partial<JobTimings> | undefined): JobTimings {
  return { ...DEFAULT_JOB_TIMINGS, ...overrides };
}
