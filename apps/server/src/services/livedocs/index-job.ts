import { isCommitListed } from '../../repositories/repos-repository';
import { indexCommit } from './indexing';
import { prepareOverview } from '../overview/overview-service';
import type { RepoIndexPayload } from '../../jobs/definitions/repo-index';
import { PermanentJobError } from '../../jobs/job-definition';
import type { JobHandler } from '../../jobs/job-definition';
import type { JobServiceContext as JobDeps } from '../job-context';
import { repoOfJob } from '../repos/repo-task-failure';

/** Indexes a listed commit of the owner's repository; a deleted repository ends it quietly. */
export function repoIndexHandler(deps: JobDeps): JobHandler<RepoIndexPayload> {
  return async ({ payload, userId, signal, reportProgress }) => {
    const repo = await repoOfJob(deps, payload.repo_id, userId);
    if (!repo) return { repo_id: payload.repo_id, deleted: true };
    if (!(await isCommitListed(deps.db, repo.id, payload.commit_id))) {
      throw new PermanentJobError('This commit is not listed for the repository');
    }
    const result = await indexCommit(deps, {
      repoId: repo.id,
      commitId: payload.commit_id,
      baseCommit: payload.base_commit ?? null,
      signal,
      reportProgress,
    });
    await prepareOverview(deps, repo.id, payload.commit_id);
    return {
      repo_id: repo.id,
      commit_id: payload.commit_id,
      objects: result.objects,
      parsed_files: result.parsed.length,
    };
  };
}
