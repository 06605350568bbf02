import { fetchRepository, listTree, resolveHead } from '../../git/index';
import { isCommitListed, updateRepo } from '../../repositories/repos-repository';
import { nowIso } from '../context';
import { indexAfterMove, queueIndexing } from '../livedocs/index-after-move';
import { findRepoIndex } from '../../repositories/code-index-repository';
import { listingBaseOf, scriptLanguages, storeListing } from './listing';
import { localGit, transferOptions } from './repo-git';
import { mirrorOf } from './mirror';
import { recordEvent } from '../activity/record-event';
import type { Db } from '../../repositories/db';
import type { RepoSyncPayload } from '../../jobs/definitions/repo-sync';
import { PermanentJobError } from '../../jobs/job-definition';
import type { JobHandler } from '../../jobs/job-definition';
import type { JobServiceContext as JobDeps } from '../job-context';
import { failRepoTask, REPO_GONE, repoOfJob } from './repo-task-failure';

/**
 * Fetches every branch and moves the repository to its branch's new head, listing that commit
 * when it is new. Answers `{changed: false}` when nothing moved (the route's 304). Idempotent:
 * a second run after a crash finds the fetched head and finishes the listing.
 */
export function repoSyncHandler(deps: JobDeps): JobHandler<RepoSyncPayload> {
  return async ({ payload, userId, signal, reportProgress }) => {
    const repoId = payload.repo_id;
    const repo = await repoOfJob(deps, repoId, userId);
    if (!repo || userId === null) return REPO_GONE;
    const local = localGit(deps.config, signal);
    /** The repository at `commitId` and connected, with its `repo.synced` event; false if gone. */
    const markSynced = async (
      trx: Db,
      sync: { changed: boolean; commitId: string; now: string },
    ): Promise<boolean> => {
      const { now } = sync;
      const moved = sync.changed ? { head_commit: sync.commitId } : {};
      const updated = await updateRepo(trx, repoId, {
        ...moved,
        status: 'connected',
        error: null,
        last_synced_at: now,
        updated_at: now,
      });
      if (updated) {
        await recordEvent(deps, trx, {
          userId,
          kind: 'repo.synced',
          subject: repoId,
          data: { name: repo.name, commit_id: sync.commitId, changed: sync.changed },
        });
      }
      return updated;
    };
    try {
      await updateRepo(deps.db, repoId, { status: 'syncing', updated_at: nowIso() });
      await reportProgress(0, 3, 'Fetching');
      // cloned again first when this node has no copy yet (another one connected it)
      const dir = await mirrorOf(deps, repoId, signal);
      const transfer = await transferOptions(
        deps,
        userId,
        { url: repo.url, method: repo.method, sshKeyName: repo.ssh_key_name },
        signal,
      );
      await fetchRepository({ ...transfer, repoDir: dir });
      const branch = repo.branch ?? repo.default_branch;
      if (branch === null) throw new PermanentJobError('The repository has no branch to sync');
      const head = await resolveHead(dir, { ...local, branch }).catch(() => {
        throw new PermanentJobError(`The branch ${branch} no longer exists on the remote`);
      });
      const now = nowIso();
      if (head === repo.head_commit && (await isCommitListed(deps.db, repoId, head))) {
        const exists = await deps.db
          .transaction()
          .execute((trx) => markSynced(trx, { changed: false, commitId: head, now }));
        if (!exists) return REPO_GONE;
        // A commit listed before live docs existed (or whose indexing failed) gets indexed now.
        if (!(await findRepoIndex(deps.db, repoId, head))) {
          await queueIndexing(deps, userId, repoId, head);
        }
        return { changed: false };
      }
      await reportProgress(1, 3, 'Listing files');
      const listed = await isCommitListed(deps.db, repoId, head);
      const entries = listed ? null : await listTree(dir, head, local);
      const base = listed ? null : await listingBaseOf(deps.db, repo, dir, head, local);
      const scripts = entries ? await scriptLanguages(dir, entries, local) : undefined;
      await reportProgress(2, 3, 'Storing files');
      signal.throwIfAborted();
      const listing = { repoId, commitId: head, entries, base, scripts };
      const exists = await storeListing(deps.db, listing, (trx) =>
        markSynced(trx, { changed: true, commitId: head, now }),
      );
      if (!exists) return REPO_GONE;
      const indexed = await indexAfterMove(deps, {
        userId,
        repoId,
        commitId: head,
        baseCommit: repo.head_commit,
        signal,
        reportProgress,
      });
      await reportProgress(3, 3, 'Synced');
      return { changed: true, commit_id: head, parsed_files: indexed?.parsedFiles ?? null };
    } catch (error) {
      return failRepoTask(deps, repoId, error, signal);
    }
  };
}
