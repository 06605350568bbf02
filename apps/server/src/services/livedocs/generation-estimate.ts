import { PLAN_CATALOGUE, type LivedocsEstimateResponse, type PlanId } from '@codedocs/contract';
import type { Repo } from '@codedocs/db';
import { badRequest, conflict, forbidden } from '../../errors/index';
import {
  findRepoIndex,
  listPresentObjects,
  listSourceFiles,
} from '../../repositories/code-index-repository';
import { docStatesOfRepo, generationUsage } from '../../repositories/docs-repository';
import { verifyPlanToken } from '../billing/subscription-service';
import type { ServiceContext } from '../context';
import { ownRepo } from '../repos/repo-tasks-service';
import { filesWithObjects } from './commit-model';
import { docsMatchCode } from './doc-status';
import { usageMonth } from './generation';

/** A plan's monthly quota and what the user has used of it (quota null: unlimited). */
export async function quotaOf(
  ctx: ServiceContext,
  userId: string,
  plan: PlanId,
): Promise<{ quota: number | null; used: number; left: number | null }> {
  const quota =
    PLAN_CATALOGUE.find((p) => p.plan_id === plan)?.quotas.generated_objects_per_month ?? null;
  const used = await generationUsage(ctx.db, userId, usageMonth());
  return { quota, used, left: quota === null ? null : Math.max(0, quota - used) };
}

/**
 * Refuses (403, a sentence saying what is left and the way forward) a generation that would
 * charge `toSpend` objects the plan's monthly quota cannot take.
 */
export async function checkQuota(
  ctx: ServiceContext,
  userId: string,
  plan: PlanId,
  toSpend: number,
): Promise<void> {
  const { quota, used, left } = await quotaOf(ctx, userId, plan);
  if (quota === null || left === null || used + toSpend <= quota) return;
  throw forbidden(
    `Your plan documents up to ${quota} objects a month and ${left} are left this month; this needs ${toSpend}. Choose fewer files or upgrade your plan.`,
  );
}

/** The current commit of a repository once it is indexed (409 while it is not). */
export async function indexedHead(ctx: ServiceContext, repo: Repo): Promise<string> {
  const commitId = repo.head_commit;
  if (commitId === null || !(await findRepoIndex(ctx.db, repo.id, commitId))) {
    throw conflict('The repository is still being indexed; generate once indexing has finished');
  }
  return commitId;
}

/** 400 unless every id is a source file of the commit. */
export async function checkFileIds(
  ctx: ServiceContext,
  repo: Repo,
  commitId: string,
  fileIds: readonly string[] | null,
  field: string,
): Promise<void> {
  if (fileIds === null) return;
  const known = new Set((await listSourceFiles(ctx.db, repo.id, commitId)).map((f) => f.file_id));
  const unknown = fileIds.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    throw badRequest(
      field,
      `${unknown.length} of these files are not source files of the current commit (${unknown.slice(0, 3).join(', ')})`,
    );
  }
}

/**
 * How many objects a generation of these files (null: all) at the current commit holds, and how
 * many of them it would charge: those not documented against their current code.
 */
export async function objectsToGenerate(
  ctx: ServiceContext,
  repo: Repo,
  commitId: string,
  fileIds: readonly string[] | null,
): Promise<{ objects: number; toSpend: number }> {
  const files = await filesWithObjects(ctx.db, repo.id, commitId, fileIds);
  const objects = files.reduce((sum, f) => sum + f.object_count, 0);
  const paths = new Set(files.map((f) => f.path));
  const states = new Map((await docStatesOfRepo(ctx.db, repo.id)).map((s) => [s.object_id, s]));
  let documented = 0;
  for (const object of await listPresentObjects(ctx.db, repo.id)) {
    if (!paths.has(object.file_path)) continue;
    if (docsMatchCode(object.code_hash, states.get(object.id))) documented++;
  }
  return { objects, toSpend: Math.max(0, objects - documented) };
}

/** `GET /api/v2/livedocs/estimate/{repo_id}`: what a generation would spend, before it starts. */
export async function estimateGeneration(
  ctx: ServiceContext,
  userId: string,
  planToken: string | undefined,
  repoId: string,
  fileIds: string[] | null,
): Promise<LivedocsEstimateResponse> {
  const plan = await verifyPlanToken(ctx, planToken, userId);
  const repo = await ownRepo(ctx, userId, repoId);
  const commitId = await indexedHead(ctx, repo);
  await checkFileIds(ctx, repo, commitId, fileIds, 'query.file_id');
  const { objects, toSpend } = await objectsToGenerate(ctx, repo, commitId, fileIds);
  const quota = await quotaOf(ctx, userId, plan);
  return { repo_id: repo.id, commit_id: commitId, objects, to_spend: toSpend, ...quota };
}
