import type { Job } from '@codedocs/db';
import { PermanentJobError } from './job-definition';
import type { JobContext } from './job-definition';
import type { RegisteredJob } from './registry';

/** How one attempt ended. */
export type AttemptOutcome =
  | { type: 'succeeded'; result: string }
  | { type: 'failed'; error: string; retryable: boolean }
  | { type: 'aborted'; reason: unknown };

const MAX_ERROR_LENGTH = 500;

/** Abort reason: the attempt ran past its kind's timeout. */
class TimeoutAbort extends Error {}

/**
 * The sentence stored and shown for a failure: the error's own message on one line, capped,
 * never a stack. Handlers must keep secrets (credentials, tokens) out of their messages.
 */
export function failureMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : 'The task failed';
  const line = text.replace(/\s+/g, ' ').trim() || 'The task failed';
  return line.length > MAX_ERROR_LENGTH ? `${line.slice(0, MAX_ERROR_LENGTH - 1)}…` : line;
}

/** Resolves with `work`, or rejects with the abort reason as soon as `signal` aborts. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error as Error);
      },
    );
  });
}

/**
 * Runs one attempt of a claimed job under its kind's timeout: validates the payload, calls the
 * handler, and classifies the ending. A handler that ignores its signal is left behind (its
 * late writes are refused by the `locked_by` guards) rather than awaited.
 */
export async function runAttempt(
  registered: RegisteredJob,
  job: Job,
  controller: AbortController,
  hooks: Pick<JobContext<unknown>, 'reportProgress'>,
): Promise<AttemptOutcome> {
  const { definition, handler } = registered;
  const timer = setTimeout(
    () => controller.abort(new TimeoutAbort(`Timed out after ${definition.timeoutMs / 1000} s`)),
    definition.timeoutMs,
  );
  try {
    const parsed = definition.payload.safeParse(JSON.parse(job.payload));
    if (!parsed.success) {
      return { type: 'failed', error: 'The task has an invalid payload', retryable: false };
    }
    const result = await untilAborted(
      handler({
        payload: parsed.data,
        jobId: job.id,
        userId: job.user_id,
        signal: controller.signal,
        reportProgress: hooks.reportProgress,
      }),
      controller.signal,
    );
    return { type: 'succeeded', result: JSON.stringify(result ?? null) };
  } catch (error) {
    if (error instanceof TimeoutAbort) {
      return { type: 'failed', error: error.message, retryable: true };
    }
    if (controller.signal.aborted) return { type: 'aborted', reason: controller.signal.reason };
    return {
      type: 'failed',
      error: failureMessage(error),
      retryable: !(error instanceof PermanentJobError),
    };
  } finally {
    clearTimeout(timer);
  }
}
