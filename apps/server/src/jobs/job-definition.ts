import type { z } from 'zod';

/** How often and how patiently a failed job is tried again. */
export interface RetryPolicy {
  /** Attempts in all, the first included; 1 means never retried. */
  maxAttempts: number;
  /** Delay before the first retry; each later retry waits twice as long… */
  backoffBaseMs: number;
  /** …up to this. */
  backoffCapMs: number;
}

/**
 * A job kind (CONVENTIONS habit 5): its name, the schema its payload must match, its retry policy
 * and how long one attempt may run. The handler lives in `handlers/`, registered under the kind.
 */
export interface JobDefinition<Payload = unknown> {
  kind: string;
  payload: z.ZodType<Payload>;
  retry: RetryPolicy;
  /** One attempt is aborted (and counted as failed) after this long. */
  timeoutMs: number;
  /**
   * A request waits for the job's end (sync, branch switch): it runs whatever else of its user
   * runs, and does not count towards JOBS_PER_USER, so a long generation cannot make the
   * person's sync time out. Such kinds must be limited otherwise (one per repository).
   */
  awaited?: boolean;
}

/** What a handler gets for one attempt. */
export interface JobContext<Payload> {
  payload: Payload;
  jobId: string;
  /** The user the task belongs to; null for system jobs (maintenance). */
  userId: string | null;
  /** Aborted on shutdown, timeout or when the job was taken away; stop work promptly. */
  signal: AbortSignal;
  /** Records and broadcasts progress; `message` is shown to the user as is. */
  reportProgress(done: number, total: number, message?: string): Promise<void>;
}

/**
 * Runs one attempt and returns the task's JSON result. Must be idempotent: a crash or a lost
 * heartbeat runs it again from the start, possibly after part of its work was done.
 */
export type JobHandler<Payload> = (context: JobContext<Payload>) => Promise<unknown>;

/** Thrown by a handler for a failure that retrying cannot fix (bad input, a refused URL). */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentJobError';
  }
}

/** Declares a job kind; a typed identity function so payload types flow to `enqueue`. */
export function defineJob<Payload>(definition: JobDefinition<Payload>): JobDefinition<Payload> {
  return definition;
}

/** The delay before retry number `attempt` (1-based): exponential, capped, with ±20 % jitter. */
export function retryDelayMs(policy: RetryPolicy, attempt: number): number {
  const exponential = policy.backoffBaseMs * 2 ** Math.max(0, attempt - 1);
  const jitter = 0.8 + Math.random() * 0.4;
  return Math.round(Math.min(policy.backoffCapMs, exponential) * jitter);
}
