import type {
  LivedocsGenerateResponse,
  LivedocsObject,
  LivedocsObjectActionRequest,
} from '@codedocs/contract';
import { livedocsGenerateJob } from '../../jobs/definitions/index';
import type { LivedocsGeneratePayload } from '../../jobs/definitions/index';
import type { JobQueue } from '../../jobs/job-queue';
import { conflict } from '../../errors/index';
import { findPendingJobByKey } from '../../repositories/jobs-repository';
import { verifyPlanToken } from '../billing/subscription-service';
import { storedClientTask, taskIdFrom } from '../client-task';
import type { ServiceContext } from '../context';
import { ownRepo } from '../repos/repo-tasks-service';
import { docStatesOfObjects } from '../../repositories/docs-repository';
import { commitReferences, filesWithObjects } from './commit-model';
import { docsMatchCode } from './doc-status';
import { currentObject } from './editing';
import { referencesByTarget, writeGeneratedFile } from './generation';
import { checkFileIds, checkQuota, indexedHead, objectsToGenerate } from './generation-estimate';
import { objectView } from './object-view';
import { generationSources, lineLink } from './generation-sources';
import { proseRewriter } from './prose-rewriter';
import { sourceReader } from './source-reader';
import { snapshotCoverage } from '../activity/coverage-snapshots';

/** A regenerate answers while the person waits: the model gets this long at most. */
const REGENERATE_MODEL_LIMIT_MS = 60_000;

/** The key that lets one generation of a repository be queued or running at a time. */
const generationKey = (repoId: string) => `livedocs.generate:${repoId}`;

/** Whether a generation of `pending` files (null: all) documents every file of `asked`. */
function covers(pending: string[] | null, asked: string[] | null): boolean {
  if (pending === null) return true;
  if (asked === null) return false;
  const files = new Set(pending);
  return asked.every((id) => files.has(id));
}

/** The answer for a queued generation task: its id and what it documents. */
async function generationAnswer(
  ctx: ServiceContext,
  taskId: string,
  payload: LivedocsGeneratePayload,
): Promise<LivedocsGenerateResponse> {
  const files = await filesWithObjects(
    ctx.db,
    payload.repo_id,
    payload.commit_id,
    payload.file_ids,
  );
  return {
    task_id: taskId,
    repo_id: payload.repo_id,
    commit_id: payload.commit_id,
    object_count: files.reduce((sum, f) => sum + f.object_count, 0),
  };
}

/**
 * The repository's queued or running generation when it documents the asked files at the same
 * commit: the request joins it. One that documents other files, or an earlier commit, is 409,
 * since answering it would report files as being documented that it leaves out.
 */
async function pendingGeneration(
  ctx: ServiceContext,
  userId: string,
  repoId: string,
  asked: { commitId: string; fileIds: string[] | null },
): Promise<LivedocsGenerateResponse | undefined> {
  const job = await findPendingJobByKey(ctx.db, generationKey(repoId));
  if (!job || job.user_id !== userId) return undefined;
  const payload = livedocsGenerateJob.payload.parse(JSON.parse(job.payload));
  if (payload.commit_id !== asked.commitId) {
    throw conflict(
      'Docs of this repository are being generated at an earlier commit; generate again once that task has finished',
    );
  }
  if (!covers(payload.file_ids, asked.fileIds)) {
    throw conflict(
      'Docs of this repository are being generated for other files; generate these once that task has finished',
    );
  }
  return generationAnswer(ctx, job.id, payload);
}

/**
 * `POST /api/v2/livedocs/generate` and `/generate/all`: checks the plan token, that the current
 * commit is indexed, that the files exist there and the quota, then queues the generation as
 * task `x-task-id`. The same task id again answers the same task; while a generation of the
 * repository is queued or running, another request for files it documents answers that task
 * (one job per repository at a time, in every process: the queue's singleton key).
 */
export async function requestGeneration(
  ctx: ServiceContext,
  queue: JobQueue,
  userId: string,
  headers: { taskId: string | undefined; plan: string | undefined },
  request: { repo_id: string; file_ids: string[] | null },
): Promise<LivedocsGenerateResponse> {
  const taskId = taskIdFrom(headers.taskId);
  const plan = await verifyPlanToken(ctx, headers.plan, userId);
  const stored = await storedClientTask(ctx.db, taskId, userId, livedocsGenerateJob);
  if (stored) return generationAnswer(ctx, taskId, stored.payload);
  const repo = await ownRepo(ctx, userId, request.repo_id);
  const commitId = await indexedHead(ctx, repo);
  await checkFileIds(ctx, repo, commitId, request.file_ids, 'body.file_ids');
  const asked = { commitId, fileIds: request.file_ids };
  const pending = await pendingGeneration(ctx, userId, repo.id, asked);
  if (pending) return pending;
  // documented objects are refreshed free: only the others must fit in what is left
  const { objects, toSpend } = await objectsToGenerate(ctx, repo, commitId, request.file_ids);
  await checkQuota(ctx, userId, plan, toSpend);
  const task = await queue.enqueue(
    livedocsGenerateJob,
    { repo_id: repo.id, commit_id: commitId, file_ids: request.file_ids },
    { id: taskId, userId, singletonKey: generationKey(repo.id) },
  );
  if (task.task_id !== taskId) {
    // another request queued one meanwhile: join it as above
    const joined = await pendingGeneration(ctx, userId, repo.id, asked);
    if (joined) return joined;
  }
  return { task_id: task.task_id, repo_id: repo.id, commit_id: commitId, object_count: objects };
}

/**
 * `POST /api/v2/livedocs/regenerate`: refreshes one object's generated fields at the current
 * commit right away (edited fields are kept) and answers the object.
 */
export async function regenerateObject(
  ctx: ServiceContext,
  userId: string,
  planToken: string | undefined,
  request: LivedocsObjectActionRequest,
): Promise<LivedocsObject> {
  const plan = await verifyPlanToken(ctx, planToken, userId);
  const repo = await ownRepo(ctx, userId, request.repo_id);
  const located = await currentObject(ctx, repo, request.object_id);
  // an object documented against its current code is refreshed free
  const [state] = await docStatesOfObjects(ctx.db, repo.id, [located.object.id]);
  const documented = docsMatchCode(located.object.codeHash, state);
  await checkQuota(ctx, userId, plan, documented ? 0 : 1);
  const references = await commitReferences(ctx.db, repo.id, located.commitId);
  const rewrite = await proseRewriter(ctx, AbortSignal.timeout(REGENERATE_MODEL_LIMIT_MS), {
    readSource: sourceReader(ctx, repo.id, [located.file], AbortSignal.timeout(60_000)),
    references,
    knownSymbols: new Set([
      ...references.flatMap((r) => (r.toId ? [r.name] : [])),
      ...located.model.objects.flatMap((o) => [o.name, o.qualifiedName]),
    ]),
  });
  await writeGeneratedFile(ctx, {
    repoId: repo.id,
    file: located.model,
    objects: [located.object],
    commitId: located.commitId,
    userId,
    referencesTo: referencesByTarget(references.filter((r) => r.toId === located.object.id)),
    sources: generationSources(ctx, repo.id, located.commitId, AbortSignal.timeout(60_000)),
    linkTo: lineLink(repo.url, located.commitId),
    ...(rewrite && { rewrite }),
  });
  await snapshotCoverage(ctx, repo.id);
  return objectView(ctx, repo, located.object.id, located.commitId);
}
