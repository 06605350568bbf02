import { findRepoIndex } from '../../repositories/code-index-repository';
import {
  commitReferences,
  fileModels,
  filesWithObjects,
} from '../../services/livedocs/commit-model';
import { referencesByTarget, writeGeneratedFile } from '../../services/livedocs/generation';
import { proseRewriter } from '../../services/livedocs/prose-rewriter';
import { sourceReader } from '../../services/livedocs/source-reader';
import {
  callerPaths,
  generationSources,
  lineLink,
} from '../../services/livedocs/generation-sources';
import { snapshotCoverage } from '../../services/activity/coverage-snapshots';
import type { LivedocsGeneratePayload } from '../definitions/livedocs-generate';
import { PermanentJobError } from '../job-definition';
import type { JobHandler } from '../job-definition';
import type { JobDeps } from './deps';
import { repoOfJob } from './repo-task-failure';

/** Files documented per progress report and per batch of models loaded. */
const FILE_BATCH = 20;

/**
 * Documents every object of the chosen files at one indexed commit, a transaction per file, so a
 * retry after a crash redoes at most one file and rewrites nothing already current.
 */
export function livedocsGenerateHandler(deps: JobDeps): JobHandler<LivedocsGeneratePayload> {
  return async ({ payload, jobId, userId, signal, reportProgress }) => {
    const repo = await repoOfJob(deps, payload.repo_id, userId);
    if (!repo || userId === null) return { repo_id: payload.repo_id, deleted: true };
    if (!(await findRepoIndex(deps.db, repo.id, payload.commit_id))) {
      throw new PermanentJobError('This commit has not been indexed yet');
    }
    const files = await filesWithObjects(deps.db, repo.id, payload.commit_id, payload.file_ids);
    const references = await commitReferences(deps.db, repo.id, payload.commit_id);
    const referencesTo = referencesByTarget(references);
    const knownSymbols = new Set(references.flatMap((r) => (r.toId ? [r.name] : [])));
    const qualifiedNames = new Map<string, string>();
    const rewrite = await proseRewriter(deps, signal, {
      readSource: sourceReader(deps, repo.id, files, signal),
      references,
      knownSymbols,
      qualifiedNames,
    });
    const sources = generationSources(deps, repo.id, payload.commit_id, signal);
    const linkTo = lineLink(repo.url, payload.commit_id);
    const totals = { objects: 0, fields_written: 0, fields_kept: 0 };
    await reportProgress(0, files.length, `Documenting ${files.length} files`);
    for (let start = 0; start < files.length; start += FILE_BATCH) {
      signal.throwIfAborted();
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
        ...models.flatMap((m) =>
          m.objects.flatMap((o) => callerPaths(referencesTo.get(o.id) ?? [])),
        ),
      ]);
      for (const file of models) {
        const counts = await writeGeneratedFile(deps, {
          taskId: jobId,
          repoId: repo.id,
          file,
          commitId: payload.commit_id,
          userId,
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
      await reportProgress(done, files.length, `Documented ${done} of ${files.length} files`);
    }
    await snapshotCoverage(deps, repo.id);
    return { repo_id: repo.id, commit_id: payload.commit_id, ...totals };
  };
}
