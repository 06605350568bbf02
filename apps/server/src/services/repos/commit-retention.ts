import type { Db } from '../../repositories/db';
import { pendingJobPayloads } from '../../repositories/jobs-repository';
import {
  commitsDocsWereWrittenAt,
  deleteCommitData,
  listedCommitsNewestFirst,
  listReposForRetention,
} from '../../repositories/retention-repository';

/** Listed commits kept per repository besides the current one and those docs refer to. */
export const KEEP_RECENT_COMMITS = 10;

/** Kinds whose queued or running jobs name a commit they still need. */
const COMMIT_JOBS = ['repo.index', 'livedocs.generate'];

/**
 * Deletes the listings, indexes and models of commits nothing needs any more, so a repository
 * synced every hour does not grow by a listing each time. Kept: the current commit, the
 * KEEP_RECENT_COMMITS most recently listed, every commit a doc was written at (its diff shows
 * that code), and commits a pending job works on. Repositories in the middle of a sync or switch
 * are left for the next run. Answers how many commits were removed.
 */
export async function pruneOldCommits(db: Db): Promise<number> {
  const busy = new Set<string>();
  for (const kind of COMMIT_JOBS) {
    for (const payload of await pendingJobPayloads(db, kind)) {
      const parsed = JSON.parse(payload) as { commit_id?: unknown };
      if (typeof parsed.commit_id === 'string') busy.add(parsed.commit_id);
    }
  }
  let removed = 0;
  for (const repo of await listReposForRetention(db)) {
    if (repo.status !== 'connected' && repo.status !== 'error') continue;
    const listed = await listedCommitsNewestFirst(db, repo.id);
    if (listed.length <= KEEP_RECENT_COMMITS + 1) continue;
    const keep = new Set([
      ...listed.slice(0, KEEP_RECENT_COMMITS),
      ...(await commitsDocsWereWrittenAt(db, repo.id)),
      ...busy,
    ]);
    if (repo.head_commit) keep.add(repo.head_commit);
    const kept = listed.filter((commit) => keep.has(commit));
    for (const commit of listed.filter((c) => !keep.has(c))) {
      await db.transaction().execute((trx) => deleteCommitData(trx, repo.id, commit, kept));
      removed++;
    }
  }
  return removed;
}
