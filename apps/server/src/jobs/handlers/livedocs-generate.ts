import type { LivedocsGeneratePayload } from '../definitions/livedocs-generate';
import type { JobHandler } from '../job-definition';
import { generateForFiles } from '../../services/livedocs/generation-run';
import type { JobDeps } from './deps';
import { repoOfJob } from './repo-task-failure';

/** Generates the docs of the chosen files (services/livedocs/generation-run.ts does the work). */
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
