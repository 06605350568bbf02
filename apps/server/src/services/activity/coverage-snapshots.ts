import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../repositories/db';
import { upsertCoverageSnapshot } from '../../repositories/coverage-repository';
import { findRepo, findRepoWithCounts } from '../../repositories/repos-repository';

/** The UTC day (`YYYY-MM-DD`) of a time. */
export function dayOf(time: Date | string): string {
  return (typeof time === 'string' ? time : time.toISOString()).slice(0, 10);
}

/**
 * Records the repository's object, documented, generated-only and stale counts as today's snapshot (replacing an
 * earlier one of today), after a write that changed them has committed: an index, a generation,
 * an edit or a review. The counts are the ones the repository list shows, computed once per
 * `docs_revision`, so the list's next read costs nothing more. A repository whose current commit
 * is not indexed yet has no counts to record. Never throws: the write it follows has committed,
 * and a missed snapshot only leaves the day's point to the next one.
 */
export async function snapshotCoverage(
  deps: { db: Db; log: FastifyBaseLogger },
  repoId: string,
  now = new Date(),
): Promise<void> {
  try {
    await takeSnapshot(deps.db, repoId, now);
  } catch (error) {
    deps.log.warn({ err: error, repoId }, 'could not record a coverage snapshot');
  }
}

async function takeSnapshot(db: Db, repoId: string, now: Date): Promise<void> {
  const repo = await findRepo(db, repoId);
  if (!repo) return;
  const counted = await findRepoWithCounts(db, repoId, repo.user_id);
  if (!counted?.indexed) return;
  await upsertCoverageSnapshot(db, {
    repo_id: repoId,
    user_id: repo.user_id,
    day: dayOf(now),
    commit_id: counted.head_commit,
    objects: counted.object_count,
    documented: counted.documented_count,
    generated: counted.generated_count,
    stale: counted.stale_count,
    rule: 1,
    docs_revision: counted.docs_revision,
    taken_at: now.toISOString(),
  });
}
