import type { FastifyBaseLogger } from 'fastify';
import type { Repo } from '@codedocs/db';
import type { Config } from '../../config';
import type { LivedocsGeneratePayload } from '../../jobs/definitions/livedocs-generate';
import { PermanentJobError, type JobHandler } from '../../jobs/job-definition';
import { findRepoIndex } from '../../repositories/code-index-repository';
import type { Db } from '../../repositories/db';
import type { ActivityFeed } from '../activity/activity-feed';
import { snapshotCoverage } from '../activity/coverage-snapshots';
import { commitReferences, fileModels, filesWithObjects } from './commit-model';
import { referencesByTarget, writeGeneratedFile } from './generation';
import { callerPaths, generationSources, lineLink } from './generation-sources';
import { proseRewriter } from './prose-rewriter';
import { sourceReader } from './source-reader';
import type { JobServiceContext as JobDeps } from '../job-context';
import { repoOfJob } from '../repos/repo-task-failure';

/** Files documented per progress report and per batch of models loaded. */
const FILE_BATCH = 20;

/** One generation run: the files (null: all) of an indexed commit, for a user, under a task. */
export interface GenerationRun {
  repo: Repo;
  commitId: string;
  fileIds: string[] | null;
  userId: string;
  taskId: string;
  signal: AbortSignal;
  reportProgress(done: number, total: number, message?: string): Promise<void>;
}

/**
 * Documents every object of the chosen files at one indexed commit (the `livedocs.generate` job),
 * a transaction per file, so a retry after a crash redoes at most one file and rewrites nothing
 * already current. Answers what the task reports: objects visited, fields written and kept.
 */
export async function generateForFiles(
  deps: { db: Db; config: Config; log: FastifyBaseLogger; activity: ActivityFeed },
  run: GenerationRun,
) {
  const { repo } = run;
  if (!(await findRepoIndex(deps.db, repo.id, run.commitId))) {
    throw new PermanentJobError('This commit has not been indexed yet');
  }
  const files = await filesWithObjects(deps.db, repo.id, run.commitId, run.fileIds);
  const references = await commitReferences(deps.db, repo.id, run.commitId);
  const referencesTo = referencesByTarget(references);
  const knownSymbols = new Set(references.flatMap((r) => (r.toId ? [r.name] : [])));
  const qualifiedNames = new Map<string, string>();
  const rewrite = await proseRewriter(deps, run.signal, {
    readSource: sourceReader(deps, repo.id, files, run.signal),
    references,
    knownSymbols,
    qualifiedNames,
  });
  const sources = generationSources(deps, repo.id, run.commitId, run.signal);
  const linkTo = lineLink(repo.url, run.commitId);
  const totals = { objects: 0, fields_written: 0, fields_kept: 0 };
  await run.reportProgress(0, files.length, `Documenting ${files.length} files`);
  for (let start = 0; start < files.length; start += FILE_BATCH) {
    run.signal.throwIfAborted();
    const models = await fileModels(deps.db, repo.id, files.slice(start, start + FILE_BATCH));
    for (const model of models) {
      for (const o of model.objects) {
        knownSymbols.add(o.name).add(o.qualifiedName);
        qualifiedNames.set(o.id, o.qualifiedName);
      }
    }
    // one batched read (a git process per 256 blobs) for the batch's files and their callers
    await sources.preload([
      ...models.map((m) => m.path),
      ...models.flatMap((m) => m.objects.flatMap((o) => callerPaths(referencesTo.get(o.id) ?? []))),
    ]);
    for (const file of models) {
      const counts = await writeGeneratedFile(deps, {
        taskId: run.taskId,
        repoId: repo.id,
        file,
        commitId: run.commitId,
        userId: run.userId,
        referencesTo,
        sources,
        linkTo,
        ...(rewrite && { rewrite }),
      });
      totals.objects += file.objects.length;
      totals.fields_written += counts.fieldsWritten;
      totals.fields_kept += counts.fieldsKept;
    }
    const done = Math.min(files.length, start + FILE_BATCH);
    await run.reportProgress(done, files.length, `Documented ${done} of ${files.length} files`);
  }
  await snapshotCoverage(deps, repo.id);
  return { repo_id: repo.id, commit_id: run.commitId, ...totals };
}

/** Generates the docs of the chosen files (the `livedocs.generate` job). */
export function livedocsGenerateHandler(deps: JobDeps): JobHandler<LivedocsGeneratePayload> {
  return async ({ payload, jobId, userId, signal, reportProgress }) => {
    const repo = await repoOfJob(deps, payload.repo_id, userId);
    if (!repo || userId === null) return { repo_id: payload.repo_id, deleted: true };
    return generateForFiles(deps, {
      repo,
      commitId: payload.commit_id,
      fileIds: payload.file_ids,
      userId,
      taskId: jobId,
      signal,
      reportProgress,
    });
  };
}
