import { indexAfterMove } from '../livedocs/index-after-move';
import { listBranches, listTree } from '../../git/index';
import { isCommitListed, updateRepo } from '../../repositories/repos-repository';
import { nowIso } from '../context';
import { listingBaseOf, scriptLanguages, storeListing } from './listing';
import { localGit } from './repo-git';
import { mirrorOf } from './mirror';
import { recordEvent } from '../activity/record-event';
import type { RepoCheckoutPayload } from '../../jobs/definitions/repo-checkout';
import { PermanentJobError } from '../../jobs/job-definition';
import type { JobHandler } from '../../jobs/job-definition';
import type { JobServiceContext as JobDeps } from '../job-context';
import { failRepoTask, REPO_GONE, repoOfJob } from './repo-task-failure';

/**
 * Switches the repository to another branch of its clone (no fetch): lists the branch's head
 * when it was never listed, then points the repository at it. Idempotent by nature.
 */
export function repoCheckoutHandler(deps: JobDeps): JobHandler<RepoCheckoutPayload> {
  return async ({ payload, userId, signal, reportProgress }) => {
    const repoId = payload.repo_id;
    const repo = await repoOfJob(deps, repoId, userId);
    if (!repo) return REPO_GONE;
    const local = localGit(deps.config, signal);
    try {
      await updateRepo(deps.db, repoId, { status: 'syncing', updated_at: nowIso() });
      const dir = await mirrorOf(deps, repoId, signal);
      const target = (await listBranches(dir, local)).find(
        (branch) => branch.name === payload.branch,
      );
      if (!target) {
        throw new PermanentJobError(
          `The branch ${payload.branch} does not exist in this repository`,
        );
      }
      await reportProgress(1, 3, 'Listing files');
      const listed = await isCommitListed(deps.db, repoId, target.commit);
      const entries = listed ? null : await listTree(dir, target.commit, local);
      const base = listed ? null : await listingBaseOf(deps.db, repo, dir, target.commit, local);
      const scripts = entries ? await scriptLanguages(dir, entries, local) : undefined;
      await reportProgress(2, 3, 'Storing files');
      signal.throwIfAborted();
      const now = nowIso();
      const exists = await storeListing(
        deps.db,
        { repoId, commitId: target.commit, entries, base, scripts },
        async (trx) => {
          const updated = await updateRepo(trx, repoId, {
            branch: target.name,
            head_commit: target.commit,
            status: 'connected',
            error: null,
            updated_at: now,
          });
          if (updated) {
            await recordEvent(deps, trx, {
              userId: repo.user_id,
              kind: 'repo.branch_switched',
              subject: repoId,
              data: { name: repo.name, branch: target.name, commit_id: target.commit },
            });
          }
          return updated;
        },
      );
      if (!exists) return REPO_GONE;
      await indexAfterMove(deps, {
        userId: repo.user_id,
        repoId,
        commitId: target.commit,
        baseCommit: repo.head_commit,
        signal,
        reportProgress,
      });
      await reportProgress(3, 3, `Switched to ${target.name}`);
      return { branch: target.name, commit_id: target.commit };
    } catch (error) {
      return failRepoTask(deps, repoId, error, signal);
    }
  };
}
