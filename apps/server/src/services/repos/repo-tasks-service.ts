import { ErrorCode } from '@codedocs/contract';
import type { BranchJson, RepoJson } from '@codedocs/contract';
import type { Job, Repo } from '@codedocs/db';
import { AppError, badRequest, conflict, notFound, serviceUnavailable } from '../../errors/index';
import { isSafeBranchName, listBranches } from '../../git/index';
import { repoCheckoutJob, repoSyncJob } from '../../jobs/definitions/index';
import type { JobDefinition } from '../../jobs/job-definition';
import { TASK_CANCELLED } from '../../jobs/job-queue';
import type { JobQueue } from '../../jobs/job-queue';
import type { TaskEventBus } from '../../jobs/task-events';
import { presentRepo } from '../../presenters/repo-presenter';
import { findJob, listPendingJobsOfUser } from '../../repositories/jobs-repository';
import {
  deleteRepoOfUser,
  findRepoOfUser,
  findRepoWithCounts,
  markRepoSyncing,
  updateRepo,
} from '../../repositories/repos-repository';
import { taskIdFrom } from '../client-task';
import { nowIso } from '../context';
import type { ServiceContext } from '../context';
import { localGit } from './repo-git';
import { mirrorOf } from './mirror';
import { removeRepoDirectory } from './repo-paths';
import { recordEvent } from '../activity/record-event';
import { waitForTaskEnd } from './task-wait';

/** What the routes need of the app for the repository tasks. */
export interface RepoTaskDeps {
  ctx: ServiceContext;
  jobs: { queue: JobQueue; events: TaskEventBus };
}

const repoNotFound = () => notFound('Repository not found');

/** The user's repository row; another user's or an unknown id is 404 (never 403). */
export async function ownRepo(ctx: ServiceContext, userId: string, repoId: string): Promise<Repo> {
  const repo = await findRepoOfUser(ctx.db, repoId, userId);
  if (!repo) throw repoNotFound();
  return repo;
}

/** The Repo JSON of one of the user's repositories. */
export async function repoJson(
  ctx: ServiceContext,
  userId: string,
  repoId: string,
): Promise<RepoJson> {
  const repo = await findRepoWithCounts(ctx.db, repoId, userId);
  if (!repo) throw repoNotFound();
  return presentRepo(repo);
}

/** True while a sync or branch switch of this repository is queued or running. */
async function repoTaskPending(ctx: ServiceContext, userId: string, repoId: string) {
  const jobs = await listPendingJobsOfUser(ctx.db, userId, [
    repoSyncJob.kind,
    repoCheckoutJob.kind,
  ]);
  return jobs.some((job) => {
    const payload = JSON.parse(job.payload) as { repo_id?: unknown };
    return payload.repo_id === repoId;
  });
}

/** How long a fresh `syncing` mark holds without a task yet (the request queueing it). */
const LOCK_GRACE_MS = 30_000;

/**
 * Whether the `syncing` mark is a live lock: a task of this repository is queued or running, or
 * the mark is fresh (another request is about to queue its task). A mark left by a task that
 * died without cleaning up is not a lock.
 */
async function lockHeld(ctx: ServiceContext, userId: string, repoId: string): Promise<boolean> {
  const current = await findRepoOfUser(ctx.db, repoId, userId);
  if (!current) throw repoNotFound();
  if (current.status === 'deleting') return true;
  if (current.status !== 'syncing') return false;
  if (Date.now() - Date.parse(current.updated_at) < LOCK_GRACE_MS) return true;
  return repoTaskPending(ctx, userId, repoId);
}

/**
 * Queues a sync or branch switch and waits for its end. The repository's `syncing` status is
 * the lock: a second one while the first runs is 409. A repeated `x-task-id` waits for the same
 * task instead of starting another.
 */
async function runRepoTask<Payload extends { repo_id: string }>(
  deps: RepoTaskDeps,
  userId: string,
  taskIdHeader: string | undefined,
  definition: JobDefinition<Payload>,
  payload: Payload,
) {
  const { ctx, jobs } = deps;
  const repo = await ownRepo(ctx, userId, payload.repo_id);
  const taskId = taskIdFrom(taskIdHeader);
  const existing = await findJob(ctx.db, taskId);
  if (existing && !sameTask(existing, userId, definition.kind, payload.repo_id)) {
    throw conflict('This task id is already in use');
  }
  if (!existing) {
    if (!(await markRepoSyncing(ctx.db, repo.id, userId, nowIso()))) {
      if (await lockHeld(ctx, userId, repo.id)) {
        throw conflict('A sync or branch switch of this repository is already running');
      }
    }
    try {
      await jobs.queue.enqueue(definition, payload, { id: taskId, userId });
    } catch (error) {
      await updateRepo(ctx.db, repo.id, { status: repo.status, error: repo.error });
      throw error;
    }
  }
  // The bound leaves git its whole timeout plus a retry's backoff.
  const task = await waitForTaskEnd(jobs, taskId, userId, ctx.config.gitTimeoutMs + 30_000);
  if (task.status === 'failed' && task.error === TASK_CANCELLED) {
    // The aborted handler wrote nothing back: the repository is as it was before.
    await updateRepo(ctx.db, repo.id, { status: repo.status, error: repo.error });
    throw conflict('The task was cancelled');
  }
  return task;
}

/** Whether a stored job is this request's task sent again (same owner, kind and repository). */
function sameTask(job: Job, userId: string, kind: string, repoId: string): boolean {
  if (job.user_id !== userId || job.kind !== kind) return false;
  const payload = JSON.parse(job.payload) as { repo_id?: unknown };
  return payload.repo_id === repoId;
}

/** What a finished sync or checkout task returned (its `result`). */
interface RepoTaskResult {
  changed?: boolean;
  deleted?: boolean;
}

/**
 * `POST /api/v0/repo/sync`: the repository after the sync, or null when nothing changed (304).
 * A failure is 502 with git's sanitised reason; the repository is left in status `error`.
 */
export async function syncRepo(
  deps: RepoTaskDeps,
  userId: string,
  repoId: string,
  taskIdHeader: string | undefined,
): Promise<RepoJson | null> {
  const task = await runRepoTask(deps, userId, taskIdHeader, repoSyncJob, { repo_id: repoId });
  if (task.status === 'failed') {
    throw new AppError(ErrorCode.badGateway, task.error ?? 'The sync failed');
  }
  const result = (task.result ?? {}) as RepoTaskResult;
  if (result.deleted) throw repoNotFound();
  if (result.changed === false) return null;
  return repoJson(deps.ctx, userId, repoId);
}

/** `POST /api/v0/repo/checkout`: switches branch; an unknown branch is 404 before any task. */
export async function checkoutRepo(
  deps: RepoTaskDeps,
  userId: string,
  request: { repoId: string; branch: string },
  taskIdHeader: string | undefined,
): Promise<RepoJson> {
  const { ctx } = deps;
  if (!isSafeBranchName(request.branch)) {
    throw badRequest('body.branch_name', 'This is not a valid branch name');
  }
  await ownRepo(ctx, userId, request.repoId);
  const branches = await readBranches(ctx, request.repoId);
  if (!branches.some((branch) => branch.name === request.branch)) {
    throw notFound(`The branch ${request.branch} does not exist in this repository`);
  }
  const task = await runRepoTask(deps, userId, taskIdHeader, repoCheckoutJob, {
    repo_id: request.repoId,
    branch: request.branch,
  });
  if (task.status === 'failed') throw badRequest(undefined, task.error ?? 'The switch failed');
  if ((task.result as RepoTaskResult | null)?.deleted) throw repoNotFound();
  return repoJson(ctx, userId, request.repoId);
}

async function readBranches(ctx: ServiceContext, repoId: string) {
  try {
    return await listBranches(await mirrorOf(ctx, repoId), localGit(ctx.config));
  } catch {
    throw serviceUnavailable('The clone of this repository is not available; try again later');
  }
}

/** `GET /api/v0/repo/{id}/branches`: every branch with its head, sorted by name. */
export async function listRepoBranches(
  ctx: ServiceContext,
  userId: string,
  repoId: string,
): Promise<BranchJson[]> {
  const repo = await ownRepo(ctx, userId, repoId);
  return (await readBranches(ctx, repoId)).map((branch) => ({
    name: branch.name,
    commit_id: branch.commit,
    is_default: branch.name === repo.default_branch,
    is_current: branch.name === repo.branch,
  }));
}

/**
 * `DELETE /api/v0/repo/{id}`: the rows go first (files, commits and objects cascade), so no
 * request or job finds the repository any more; then the clone is renamed aside and removed.
 */
export async function deleteRepo(
  ctx: ServiceContext,
  userId: string,
  repoId: string,
): Promise<void> {
  const deleted = await ctx.db.transaction().execute(async (trx) => {
    const repo = await findRepoOfUser(trx, repoId, userId);
    if (!repo || !(await deleteRepoOfUser(trx, repoId, userId))) return false;
    await recordEvent(ctx, trx, {
      userId,
      kind: 'repo.deleted',
      subject: repoId,
      data: { name: repo.name, url: repo.url },
    });
    return true;
  });
  if (!deleted) throw repoNotFound();
  await removeRepoDirectory(ctx.config.dataDir, repoId);
}
