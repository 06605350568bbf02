import type { Job, NewJob } from '@codedocs/db';
import { sql } from 'kysely';
import type { Db } from './db';

/**
 * The job queue's SQL. Every write by a worker is guarded by `locked_by`, so a worker whose job
 * was reaped and handed to another worker can no longer change it.
 */

/** An update of a running job this worker holds (the `locked_by` guard described above). */
function updateHeldJob(db: Db, id: string, workerId: string) {
  return db
    .updateTable('jobs')
    .where('id', '=', id)
    .where('locked_by', '=', workerId)
    .where('status', '=', 'running');
}

/**
 * Inserts a job unless its id exists or, for a job with a `singleton_key`, a queued or running
 * job holds that key (the partial unique index of migration 0011); the inserted row, or
 * undefined when either was taken.
 */
export async function insertJobIfAbsent(db: Db, job: NewJob): Promise<Job | undefined> {
  return db
    .insertInto('jobs')
    .values(job)
    .onConflict((conflict) => conflict.doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** The queued or running job holding a singleton key, if any. */
export async function findPendingJobByKey(db: Db, key: string): Promise<Job | undefined> {
  return db
    .selectFrom('jobs')
    .selectAll()
    .where('singleton_key', '=', key)
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirst();
}

/** A job by id, whoever owns it. */
export async function findJob(db: Db, id: string): Promise<Job | undefined> {
  return db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
}

export interface ClaimQuery {
  workerId: string;
  /** Only kinds this process has handlers for. */
  kinds: string[];
  now: string;
  /** Most jobs of one user running at once, across every process (JOBS_PER_USER). */
  perUser: number;
  /** Kinds a request waits for: neither held back by `perUser` nor counted towards it. */
  awaitedKinds: string[];
  /**
   * PostgreSQL: claims take a transaction-scoped advisory lock, so two processes never both see
   * a user below `perUser` and both start one of theirs, and the chosen row is locked with FOR
   * UPDATE SKIP LOCKED. SQLite has one writer at a time, so the single UPDATE statement (its own
   * transaction) is already atomic.
   */
  postgres: boolean;
}

/** The advisory lock every claim on PostgreSQL holds for its transaction (an arbitrary constant). */
const CLAIM_LOCK = 0x636c6169; // 'clai'

/**
 * Claims the next due queued job in one UPDATE … WHERE id = (SELECT …) RETURNING: marks it
 * running, locked by this worker, with a fresh heartbeat, its start time and one more attempt.
 *
 * Fair between users: only jobs of users with fewer than `perUser` jobs running are eligible,
 * and among those the user whose latest job started longest ago (or never) goes first, then the
 * oldest job. So one user's queue of a hundred jobs delays another user's job by at most the one
 * job of theirs already running per worker, not by the hundred. Jobs without a user (maintenance)
 * are never limited and go first; kinds a request waits for (a sync) are not limited either.
 */
export async function claimNextJob(db: Db, query: ClaimQuery): Promise<Job | undefined> {
  if (query.kinds.length === 0) return undefined;
  const awaited = query.awaitedKinds;
  const due = db
    .selectFrom('jobs as j')
    .select('j.id')
    .where('j.status', '=', 'queued')
    .where('j.run_after', '<=', query.now)
    .where('j.kind', 'in', query.kinds)
    .where((eb) => {
      let running = eb
        .selectFrom('jobs as r')
        .select((count) => count.fn.countAll().as('n'))
        .where('r.status', '=', 'running')
        .whereRef('r.user_id', '=', 'j.user_id');
      if (awaited.length > 0) running = running.where('r.kind', 'not in', awaited);
      return eb.or([
        eb('j.user_id', 'is', null),
        ...(awaited.length > 0 ? [eb('j.kind', 'in', awaited)] : []),
        eb(running, '<', query.perUser),
      ]);
    })
    // the latest start of the job's user; null for a user never served and for no user
    .orderBy(
      (eb) =>
        eb
          .selectFrom('jobs as s')
          .select((max) => max.fn.max('s.started_at').as('t'))
          .whereRef('s.user_id', '=', 'j.user_id'),
      (order) => order.asc().nullsFirst(),
    )
    .orderBy('j.run_after')
    .orderBy('j.created_at')
    .limit(1);
  const claim = (trx: Db, now: string) =>
    trx
      .updateTable('jobs')
      .set((eb) => ({
        status: 'running',
        locked_by: query.workerId,
        heartbeat_at: now,
        started_at: now,
        attempts: eb('attempts', '+', 1),
        error: null,
        updated_at: now,
      }))
      .where('id', '=', query.postgres ? due.forUpdate('j').skipLocked() : due)
      .where('status', '=', 'queued')
      .returningAll()
      .executeTakeFirst();
  if (!query.postgres) return claim(db, query.now);
  const asked = Date.now();
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${CLAIM_LOCK})`.execute(trx);
    // the heartbeat starts when the lock was had: a claim that waited for it behind other
    // workers' claims must not look stale to the reaper at once
    const waited = Date.now() - asked;
    return claim(trx, new Date(Date.parse(query.now) + waited).toISOString());
  });
}

/** Refreshes a running job's heartbeat; false when this worker no longer holds it. */
export async function heartbeatJob(
  db: Db,
  id: string,
  workerId: string,
  now: string,
): Promise<boolean> {
  const result = await updateHeldJob(db, id, workerId)
    .set({ heartbeat_at: now })
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Records progress of a running job held by this worker; the updated row, if still held. */
export async function updateJobProgress(
  db: Db,
  id: string,
  workerId: string,
  progress: { done: number; total: number; message: string | null },
  now: string,
): Promise<Job | undefined> {
  return updateHeldJob(db, id, workerId)
    .set({
      progress_done: progress.done,
      progress_total: progress.total,
      message: progress.message,
      heartbeat_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirst();
}

/** Marks a held job succeeded with its JSON result. */
export async function completeJob(
  db: Db,
  id: string,
  workerId: string,
  result: string,
  now: string,
): Promise<Job | undefined> {
  return updateHeldJob(db, id, workerId)
    .set({
      status: 'succeeded',
      result,
      error: null,
      locked_by: null,
      heartbeat_at: null,
      finished_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirst();
}

/**
 * Ends a failed attempt of a held job: back to `queued` until `retryAt` when given, otherwise
 * `failed` for good.
 */
export async function failJobAttempt(
  db: Db,
  id: string,
  workerId: string,
  failure: { error: string; retryAt: string | null },
  now: string,
): Promise<Job | undefined> {
  const retry = failure.retryAt !== null;
  return updateHeldJob(db, id, workerId)
    .set({
      status: retry ? 'queued' : 'failed',
      error: failure.error,
      run_after: failure.retryAt ?? now,
      locked_by: null,
      heartbeat_at: null,
      finished_at: retry ? null : now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirst();
}

/** Hands a held job back to the queue at once without counting the attempt (shutdown). */
export async function releaseJob(
  db: Db,
  id: string,
  workerId: string,
  now: string,
): Promise<Job | undefined> {
  return updateHeldJob(db, id, workerId)
    .set((eb) => ({
      status: 'queued',
      attempts: eb('attempts', '-', 1),
      run_after: now,
      locked_by: null,
      heartbeat_at: null,
      updated_at: now,
    }))
    .returningAll()
    .executeTakeFirst();
}

/**
 * Running jobs whose heartbeat stopped before `staleBefore` lost their worker (a crash or a
 * kill): those with attempts left go back to the queue, the others fail with `error`.
 */
export async function reapStaleJobs(
  db: Db,
  staleBefore: string,
  now: string,
  error: string,
): Promise<Job[]> {
  const stale = db
    .updateTable('jobs')
    .where('status', '=', 'running')
    .where('heartbeat_at', '<', staleBefore);
  const failed = await stale
    .set({
      status: 'failed',
      error,
      locked_by: null,
      heartbeat_at: null,
      finished_at: now,
      updated_at: now,
    })
    .where((eb) => eb('attempts', '>=', eb.ref('max_attempts')))
    .returningAll()
    .execute();
  const requeued = await stale
    .set({ status: 'queued', run_after: now, locked_by: null, heartbeat_at: null, updated_at: now })
    .returningAll()
    .execute();
  return [...failed, ...requeued];
}

/** Deletes finished jobs older than `before`. */
export async function deleteFinishedJobs(db: Db, before: string): Promise<number> {
  const result = await db
    .deleteFrom('jobs')
    .where('status', 'in', ['succeeded', 'failed', 'cancelled'])
    .where('finished_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Forgets a finished job, so its id can be queued again (a commit's indexing whose result was
 * removed since). A queued or running job is left alone. Answers whether a row was deleted.
 */
export async function deleteFinishedJob(db: Db, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('jobs')
    .where('id', '=', id)
    .where('status', 'in', ['succeeded', 'failed', 'cancelled'])
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Cancels the user's job if it has not finished: it becomes `cancelled` and unlocked, so no
 * worker claims it and the worker running it loses it at its next heartbeat (which aborts the
 * handler). Returns the updated row, or undefined when there was nothing to cancel.
 */
export async function cancelJob(
  db: Db,
  id: string,
  userId: string,
  reason: string,
  now: string,
): Promise<Job | undefined> {
  return db
    .updateTable('jobs')
    .set({ status: 'cancelled', locked_by: null, error: reason, finished_at: now, updated_at: now })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('status', 'in', ['queued', 'running'])
    .returningAll()
    .executeTakeFirst();
}

/** PostgreSQL NOTIFY on `channel`, delivered to every connection that LISTENs on it. */
export async function notifyChannel(db: Db, channel: string, payload: string): Promise<void> {
  await sql`select pg_notify(${channel}, ${payload})`.execute(db);
}

/**
 * The user's jobs of these kinds (any kind when `kinds` is null) that have not finished yet
 * (queued, retrying or running), oldest first; at most `limit` when given.
 */
export async function listPendingJobsOfUser(
  db: Db,
  userId: string,
  kinds: string[] | null,
  limit?: number,
): Promise<Job[]> {
  if (kinds !== null && kinds.length === 0) return [];
  let query = db
    .selectFrom('jobs')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', 'in', ['queued', 'running']);
  if (kinds !== null) query = query.where('kind', 'in', kinds);
  query = query.orderBy('created_at').orderBy('id');
  return (limit === undefined ? query : query.limit(limit)).execute();
}

/** The JSON payloads of every queued or running job of one kind (any user). */
export async function pendingJobPayloads(db: Db, kind: string): Promise<string[]> {
  const rows = await db
    .selectFrom('jobs')
    .select('payload')
    .where('kind', '=', kind)
    .where('status', 'in', ['queued', 'running'])
    .execute();
  return rows.map((row) => row.payload);
}
