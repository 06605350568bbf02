import type {
  LivedocsGenerateResponse,
  LivedocsObject,
  LivedocsObjectActionRequest,
} from '@codedocs/contract';
import { livedocsGenerateJob } from '../../jobs/definitions/index';
import type { JobQueue } from '../../jobs/job-queue';
import { verifyPlanToken } from '../billing/subscription-service';
import type { ServiceContext } from '../context';
import { ownRepo } from '../repos/repo-tasks-service';
import { docStatesOfObjects } from '../../repositories/docs-repository';
import { commitReferences } from './commit-model';
import { statusOf } from './doc-status';
import { currentObject } from './editing';
import { referencesByTarget, writeGeneratedFile } from './generation';
import { checkFileIds, checkQuota, indexedHead, objectsToGenerate } from './generation-estimate';
import { objectView } from './object-view';
import { proseRewriter } from './prose-rewriter';
import { sourceReader } from './source-reader';

/** A regenerate answers while the person waits: the model gets this long at most. */
const REGENERATE_MODEL_LIMIT_MS = 60_000;

/**
 * `POST /api/v2/livedocs/generate` and `/generate/all`: checks the plan token, that the current
 * commit is indexed, that the files exist there and the quota, then queues the generation.
 */
export async function requestGeneration(
  ctx: ServiceContext,
  queue: JobQueue,
  userId: string,
  planToken: string | undefined,
  request: { repo_id: string; file_ids: string[] | null },
): Promise<LivedocsGenerateResponse> {
  const plan = await verifyPlanToken(ctx, planToken, userId);
  const repo = await ownRepo(ctx, userId, request.repo_id);
  const commitId = await indexedHead(ctx, repo);
  await checkFileIds(ctx, repo, commitId, request.file_ids, 'body.file_ids');
  // documented objects are refreshed free: only the others must fit in what is left
  const { objects, toSpend } = await objectsToGenerate(ctx, repo, commitId, request.file_ids);
  await checkQuota(ctx, userId, plan, toSpend);
  const task = await queue.enqueue(
    livedocsGenerateJob,
    { repo_id: repo.id, commit_id: commitId, file_ids: request.file_ids },
    { userId },
  );
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
  const documented = statusOf(located.object.codeHash, state) === 'documented';
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
  await writeGeneratedFile(ctx.db, {
    repoId: repo.id,
    file: located.model,
    objects: [located.object],
    commitId: located.commitId,
    userId,
    referencesTo: referencesByTarget(references.filter((r) => r.toId === located.object.id)),
    ...(rewrite && { rewrite }),
  });
  return objectView(ctx, repo, located.object.id, located.commitId);
}
