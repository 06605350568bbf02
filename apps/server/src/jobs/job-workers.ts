import { hostname } from 'node:os';
import type { Dialect, Job } from '@codedocs/db';
import type { FastifyBaseLogger } from 'fastify';
import type { JobTimings } from '../config';
import { newId } from '../auth/random-id';
import {
  claimNextJob,
  completeJob,
  failJobAttempt,
  heartbeatJob,
  reapStaleJobs,
  releaseJob,
  updateJobProgress,
} from '../repositories/jobs-repository';
import type { Db } from '../repositories/db';
import { nowIso } from '../services/context';
import { runAttempt } from './run-attempt';
import type { AttemptOutcome } from './run-attempt';
import { retryDelayMs } from './job-definition';
import type { JobQueue } from './job-queue';
import type { JobRegistry } from './registry';
import type { TaskEventBus } from './task-events';

export interface JobWorkersOptions {
  db: Db;
  dialect: Dialect;
  registry: JobRegistry;
  queue: JobQueue;
  events: TaskEventBus;
  log: FastifyBaseLogger;
  concurrency: number;
  /** Most jobs of one user running at once, across every process (JOBS_PER_USER). */
  perUser: number;
  timings: JobTimings;
}

const ORPHANED_MESSAGE = 'The worker running this task stopped responding';

/**
 * A pool of `concurrency` claim-run loops plus a reaper, in whatever process starts it (the API
 * process by default, `npm run worker` too). Any number of pools may share one PostgreSQL queue.
 */
export class JobWorkers {
  /** Names this process in `locked_by`, for operators reading the jobs table. */
  readonly workerId = `${hostname()}:${process.pid}:${newId().slice(0, 8)}`;
  private readonly running = new Map<string, AbortController>();
  private readonly loops: Promise<void>[] = [];
  private readonly sleepers = new Set<() => void>();
  private reaper: NodeJS.Timeout | undefined;
  private stopUnwake: (() => void) | undefined;
  private stopping = false;

  constructor(private readonly options: JobWorkersOptions) {}

  /** Starts the loops and the reaper (which first returns jobs orphaned before this start). */
  start(): void {
    if (this.loops.length > 0 || this.stopping) return;
    this.stopUnwake = this.options.queue.onEnqueue(() => this.wake());
    void this.reap();
    this.reaper = setInterval(() => void this.reap(), this.options.timings.reapEveryMs);
    for (let slot = 0; slot < this.options.concurrency; slot += 1) this.loops.push(this.loop());
  }

  /**
   * Graceful shutdown: claims nothing more, aborts running handlers, and hands their jobs back
   * to the queue (without counting the attempt) for this or another process to run again.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    this.stopUnwake?.();
    if (this.reaper) clearInterval(this.reaper);
    for (const controller of this.running.values()) controller.abort(new ShutdownAbort());
    this.wake();
    await Promise.all(this.loops);
  }

  private wake(): void {
    for (const wake of this.sleepers) wake();
    this.sleepers.clear();
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.sleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.sleepers.add(done);
    });
  }

  private async loop(): Promise<void> {
    const { db, dialect, registry, log, timings } = this.options;
    while (!this.stopping) {
      let job: Job | undefined;
      try {
        job = await claimNextJob(db, {
          workerId: this.workerId,
          kinds: registry.kinds(),
          awaitedKinds: registry.awaitedKinds(),
          now: nowIso(),
          perUser: this.options.perUser,
          postgres: dialect === 'postgres',
        });
      } catch (error) {
        if (this.stopping) break;
        log.error({ err: error }, 'could not claim a job');
      }
      if (job) await this.run(job);
      else if (!this.stopping) await this.sleep(timings.pollMs);
    }
  }

  private async run(job: Job): Promise<void> {
    const { db, registry, events, log, timings } = this.options;
    if (this.stopping) {
      // Claimed while stop() was aborting the others: hand it straight back, untouched.
      await this.settle(job, { type: 'aborted', reason: new ShutdownAbort() }).catch(
        (error: unknown) => log.error({ err: error, jobId: job.id }, 'could not release a job'),
      );
      return;
    }
    const controller = new AbortController();
    this.running.set(job.id, controller);
    await events.publish(job);
    const heartbeat = setInterval(() => {
      heartbeatJob(db, job.id, this.workerId, nowIso())
        .then((held) => {
          if (!held) controller.abort(new LostLockAbort());
        })
        .catch((error: unknown) => log.warn({ err: error, jobId: job.id }, 'heartbeat failed'));
    }, timings.heartbeatMs);
    try {
      let lastProgressAt = 0;
      const outcome = await runAttempt(registry.get(job.kind), job, controller, {
        reportProgress: async (done, total, message) => {
          // A clone reporting every object would otherwise write a row and an event per object.
          const now = Date.now();
          if (done < total && now - lastProgressAt < timings.progressEveryMs) return;
          lastProgressAt = now;
          const updated = await updateJobProgress(
            db,
            job.id,
            this.workerId,
            { done, total, message: message ?? null },
            nowIso(),
          );
          if (updated) await events.publish(updated);
        },
      });
      await this.settle(job, outcome);
    } catch (error) {
      // Only the database writes above can land here; the reaper will retry the job.
      log.error({ err: error, jobId: job.id }, 'could not record the outcome of a job');
    } finally {
      clearInterval(heartbeat);
      this.running.delete(job.id);
      // the user's next job may have been waiting for this one (JOBS_PER_USER)
      this.wake();
    }
  }

  /** Writes an attempt's outcome: success, a retry with backoff, failure, or a hand-back. */
  private async settle(job: Job, outcome: AttemptOutcome): Promise<void> {
    const { db, registry, events, log, timings } = this.options;
    const now = nowIso();
    let updated: Job | undefined;
    if (outcome.type === 'succeeded') {
      updated = await completeJob(db, job.id, this.workerId, outcome.result, now);
    } else if (outcome.type === 'aborted') {
      if (outcome.reason instanceof ShutdownAbort) {
        updated = await releaseJob(db, job.id, this.workerId, now);
      }
      // A lost lock means another worker owns the job now: write nothing.
    } else {
      const { retry } = registry.get(job.kind).definition;
      const retryable = outcome.retryable && job.attempts < job.max_attempts;
      const delay = retryDelayMs(retry, job.attempts) * timings.backoffScale;
      const retryAt = retryable ? new Date(Date.now() + delay).toISOString() : null;
      log.warn({ jobId: job.id, kind: job.kind, attempt: job.attempts, retryAt }, outcome.error);
      updated = await failJobAttempt(
        db,
        job.id,
        this.workerId,
        { error: outcome.error, retryAt },
        now,
      );
    }
    if (updated) await events.publish(updated);
  }

  /** Returns running jobs whose heartbeat went silent to the queue (or fails them when spent). */
  private async reap(): Promise<void> {
    const { db, events, log, timings } = this.options;
    try {
      const reaped = await reapStaleJobs(
        db,
        nowIso(-timings.staleAfterMs),
        nowIso(),
        ORPHANED_MESSAGE,
      );
      if (reaped.length > 0) {
        log.warn({ jobs: reaped.map((job) => job.id) }, 'returned orphaned jobs to the queue');
        for (const job of reaped) await events.publish(job);
        this.wake();
      }
    } catch (error) {
      if (!this.stopping) log.error({ err: error }, 'could not reap orphaned jobs');
    }
  }
}

/** Abort reason: the process is shutting down; the job goes back to the queue. */
export class ShutdownAbort extends Error {
  constructor() {
    super('The server is shutting down');
    this.name = 'ShutdownAbort';
  }
}

/** Abort reason: the heartbeat found the job taken over (it was reaped); stop quietly. */
export class LostLockAbort extends Error {
  constructor() {
    super('The job was handed to another worker');
    this.name = 'LostLockAbort';
  }
}
