import { PLAN_CATALOGUE } from '@codedocs/contract';
import type { RepoConnectRequest, RepoConnectResponse } from '@codedocs/contract';
import { newId } from '../../auth/random-id';
import { badRequest, conflict, forbidden } from '../../errors/index';
import { isSafeBranchName, repoUrlPolicy, validateRepoUrl } from '../../git/index';
import { repoConnectJob } from '../../jobs/definitions/index';
import type { RepoConnectPayload } from '../../jobs/definitions/index';
import type { JobQueue } from '../../jobs/job-queue';
import { findJob, listPendingJobsOfUser } from '../../repositories/jobs-repository';
import { findRepoByUrl, listRepoIdsOfUser } from '../../repositories/repos-repository';
import { findNewestSshKey, findSshKey } from '../../repositories/ssh-keys-repository';
import { verifyPlanToken } from '../billing/subscription-service';
import { storedClientTask, taskIdFrom } from '../client-task';
import type { ServiceContext } from '../context';

/** The headers of a connect: the client's task id and its plan token. */
export interface ConnectHeaders {
  taskId: string | undefined;
  plan: string | undefined;
}

function answer(taskId: string, payload: RepoConnectPayload): RepoConnectResponse {
  return {
    task_id: taskId,
    repo_id: payload.repo_id,
    url: payload.url,
    method: payload.method,
    queued: true,
  };
}

/** Connect tasks queued or running whose repository row does not exist yet. */
async function pendingConnects(ctx: ServiceContext, userId: string, repoIds: string[]) {
  const jobs = await listPendingJobsOfUser(ctx.db, userId, [repoConnectJob.kind]);
  return jobs
    .map((job) => repoConnectJob.payload.safeParse(JSON.parse(job.payload)))
    .flatMap((parsed) => (parsed.success ? [parsed.data] : []))
    .filter((payload) => !repoIds.includes(payload.repo_id));
}

/** Refuses (400) a `method` that does not fit the URL, and `ssh` without a usable key. */
async function checkMethod(
  ctx: ServiceContext,
  userId: string,
  request: RepoConnectRequest,
  protocol: string,
): Promise<void> {
  if (request.method === 'ssh') {
    if (protocol !== 'ssh') {
      throw badRequest(
        'body.method',
        'The ssh method needs an ssh URL (ssh://… or user@host:path)',
      );
    }
    const key =
      request.ssh_key_name === undefined
        ? await findNewestSshKey(ctx.db, userId)
        : await findSshKey(ctx.db, userId, request.ssh_key_name);
    if (!key) {
      throw badRequest(
        'body.ssh_key_name',
        request.ssh_key_name === undefined
          ? 'Generate an SSH key and add it to the git host before connecting over ssh'
          : `You have no SSH key named ${request.ssh_key_name}`,
      );
    }
  } else if (protocol === 'ssh') {
    throw badRequest('body.method', 'An ssh URL needs the ssh method');
  }
}

/**
 * `POST /api/v2/repo/connect`: checks everything that can be checked at once (plan, URL rules,
 * method, key, duplicates, quota) and queues the clone as task `x-task-id`. The same task id
 * again is the same task and gets the same answer.
 */
export async function requestConnect(
  ctx: ServiceContext,
  queue: JobQueue,
  userId: string,
  headers: ConnectHeaders,
  request: RepoConnectRequest,
): Promise<RepoConnectResponse> {
  const taskId = taskIdFrom(headers.taskId);
  const plan = await verifyPlanToken(ctx, headers.plan, userId);
  const existing = await storedClientTask(ctx.db, taskId, userId, repoConnectJob);
  if (existing) return answer(taskId, existing.payload);
  if (request.branch !== undefined && !isSafeBranchName(request.branch)) {
    throw badRequest('body.branch', 'This is not a valid branch name');
  }
  const url = await validateRepoUrl(request.external_repo_url, repoUrlPolicy(ctx.config));
  await checkMethod(ctx, userId, request, url.protocol);
  const repoIds = await listRepoIdsOfUser(ctx.db, userId);
  const pending = await pendingConnects(ctx, userId, repoIds);
  if (
    (await findRepoByUrl(ctx.db, userId, url.display)) ||
    pending.some((payload) => payload.url === url.display)
  ) {
    throw conflict('This repository is already connected');
  }
  const quota = PLAN_CATALOGUE.find((entry) => entry.plan_id === plan)?.quotas.repos ?? null;
  if (quota !== null && repoIds.length + pending.length >= quota) {
    throw forbidden(
      `Your plan allows ${quota} repositories; delete one or upgrade your plan to connect another`,
    );
  }
  const payload: RepoConnectPayload = {
    repo_id: newId(),
    url: url.display,
    method: request.method,
    ssh_key_name: request.ssh_key_name ?? null,
    branch: request.branch ?? null,
  };
  await queue.enqueue(repoConnectJob, payload, { id: taskId, userId });
  // A concurrent request with the same task id may have queued first: answer what is stored.
  const stored = await findJob(ctx.db, taskId);
  const storedPayload = repoConnectJob.payload.safeParse(JSON.parse(stored?.payload ?? '{}'));
  return answer(taskId, storedPayload.success ? storedPayload.data : payload);
}
