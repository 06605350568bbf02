import { PLAN_CATALOGUE } from '@codedocs/contract';
import type {
  LivedocsGenerateResponse,
  LivedocsObject,
  LivedocsObjectActionRequest,
  PlanId,
} from '@codedocs/contract';
import { badRequest, conflict, forbidden } from '../../errors/index';
import { livedocsGenerateJob } from '../../jobs/definitions/index';
import type { JobQueue } from '../../jobs/job-queue';
import { findRepoIndex, listSourceFiles } from '../../repositories/code-index-repository';
import { generationUsage } from '../../repositories/docs-repository';
import { verifyPlanToken } from '../billing/subscription-service';
import type { ServiceContext } from '../context';
import { ownRepo } from '../repos/repo-tasks-service';
import { commitReferences, filesWithObjects } from './commit-model';
import { currentObject } from './editing';
import { referencesByTarget, usageMonth, writeGeneratedFile } from './generation';
import { objectView } from './object-view';
import { proseRewriter } from './prose-rewriter';
import { sourceReader } from './source-reader';

/** A regenerate answers while the person waits: the model gets this long at most. */
const REGENERATE_MODEL_LIMIT_MS = 60_000;

/**
 * Refuses (403, a sentence saying what is left) a generation of `objects` objects that the plan's
 * monthly quota cannot take.
 */
async function checkQuota(ctx: ServiceContext, userId: string, plan: PlanId, objects: number) {
  const quota = PLAN_CATALOGUE.find((p) => p.plan_id === plan)?.quotas.generated_objects_per_month;
  if (quota === null || quota === undefined) return;
  const used = await generationUsage(ctx.db, userId, usageMonth());
  if (used + objects > quota) {
    const left = Math.max(0, quota - used);
    throw forbidden(
      `Your plan documents up to ${quota} objects a month and ${left} are left this month; this needs ${objects}. Choose fewer files or upgrade your plan.`,
    );
  }
}

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
  const commitId = repo.head_commit;
  if (commitId === null || !(await findRepoIndex(ctx.db, repo.id, commitId))) {
    throw conflict('The repository is still being indexed; generate once indexing has finished');
  }
  if (request.file_ids !== null) {
    const known = new Set((await listSourceFiles(ctx.db, repo.id, commitId)).map((f) => f.file_id));
    const unknown = request.file_ids.filter((id) => !known.has(id));
    if (unknown.length > 0) {
      throw badRequest(
        'body.file_ids',
        `${unknown.length} of these files are not source files of the current commit (${unknown.slice(0, 3).join(', ')})`,
      );
    }
  }
  const files = await filesWithObjects(ctx.db, repo.id, commitId, request.file_ids);
  const objects = files.reduce((sum, f) => sum + f.object_count, 0);
  await checkQuota(ctx, userId, plan, objects);
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
  await checkQuota(ctx, userId, plan, 1);
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
