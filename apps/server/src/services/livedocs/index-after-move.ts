import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { indexTaskId, repoIndexJob } from '../../jobs/definitions/index';
import type { JobQueue } from '../../jobs/job-queue';
import type { Db } from '../../repositories/db';
import { reposWithUnindexedHead } from '../../repositories/code-index-repository';
import { deleteFinishedJob, findJob } from '../../repositories/jobs-repository';
import { prepareOverview } from '../overview/overview-service';
import { indexCommit, type IndexDeps } from './indexing';

interface Deps {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  queue: JobQueue;
}

/**
 * Queues the indexing of a listed commit as its own task (after a connect, or when a sync finds
 * its commit unindexed). A finished task of the same id (whose index has been removed since, or
 * which failed) is forgotten first, so the id runs again.
 */
export async function queueIndexing(
  deps: Deps,
  userId: string,
  repoId: string,
  commitId: string,
  baseCommit: string | null = null,
): Promise<string> {
  const id = indexTaskId(repoId, commitId);
  await deleteFinishedJob(deps.db, id);
  await deps.queue.enqueue(
    repoIndexJob,
    { repo_id: repoId, commit_id: commitId, base_commit: baseCommit },
    { id, userId },
  );
  return id;
}

/**
 * Indexes the commit a sync or branch switch moved to before that task answers, so statuses are
 * current when the caller sees the repo (only the files the new commits changed are parsed). A
 * failure here does not undo the move: the indexing is queued as its own task to be retried
 * (and null is answered). Answers how many files were parsed.
 */
export async function indexAfterMove(
  deps: Deps & IndexDeps,
  move: {
    userId: string;
    repoId: string;
    commitId: string;
    baseCommit: string | null;
    signal: AbortSignal;
    reportProgress: (done: number, total: number, message: string) => Promise<void>;
  },
): Promise<{ parsedFiles: number } | null> {
  try {
    const result = await indexCommit(deps, {
      repoId: move.repoId,
      commitId: move.commitId,
      baseCommit: move.baseCommit,
      signal: move.signal,
      reportProgress: move.reportProgress,
    });
    await prepareOverview(deps, move.repoId, move.commitId);
    return { parsedFiles: result.parsed.length };
  } catch (error) {
    if (move.signal.aborted) throw error;
    deps.log.warn({ err: error, repoId: move.repoId }, 'indexing after sync failed; queued');
    await queueIndexing(deps, move.userId, move.repoId, move.commitId, move.baseCommit);
    return null;
  }
}

/**
 * At start-up: queues the indexing of every repository's current commit that has no index of
 * this engine's schema and no pending task for it, so the Live docs screen and generation are
 * ready again after an upgrade set the stored indexes aside (migration 0007, or a new engine
 * schema) without waiting for someone to open each repository. Answers how many it queued.
 */
export async function queueMissingHeadIndexes(deps: Deps): Promise<number> {
  let queued = 0;
  for (const repo of await reposWithUnindexedHead(deps.db)) {
    const job = await findJob(deps.db, indexTaskId(repo.id, repo.commit_id));
    if (job?.status === 'queued' || job?.status === 'running') continue;
    await queueIndexing(deps, repo.user_id, repo.id, repo.commit_id);
    queued++;
  }
  return queued;
}
