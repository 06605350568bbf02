import type { CoverageSnapshot } from '@codedocs/db';
import type { Db } from './db';

/** What one snapshot records (the day's row is replaced by a later snapshot of the same day). */
export interface SnapshotWrite {
  repo_id: string;
  user_id: string;
  day: string;
  commit_id: string | null;
  objects: number;
  documented: number;
  generated: number;
  stale: number;
  /** The counting rule (1: migration 0018's, documented means a usable summary). */
  rule: number;
  docs_revision: number;
  taken_at: string;
}

/** Writes the repository's counts for the day, replacing an earlier snapshot of that day. */
export async function upsertCoverageSnapshot(db: Db, snapshot: SnapshotWrite): Promise<void> {
  const { commit_id, objects, documented, generated, stale, rule, docs_revision, taken_at } =
    snapshot;
  await db
    .insertInto('coverage_snapshots')
    .values(snapshot)
    .onConflict((conflict) =>
      conflict.columns(['repo_id', 'day']).doUpdateSet({
        commit_id,
        objects,
        documented,
        generated,
        stale,
        rule,
        docs_revision,
        taken_at,
      }),
    )
    .execute();
}

/** The repository's latest snapshot, if any. */
export async function latestCoverageSnapshot(
  db: Db,
  repoId: string,
): Promise<CoverageSnapshot | undefined> {
  return db
    .selectFrom('coverage_snapshots')
    .selectAll()
    .where('repo_id', '=', repoId)
    .orderBy('day', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * The user's snapshots from the latest one before `from` of each repository up to `to`: what a
 * series over [from, to] needs to know each repository's counts at the end of every bucket.
 */
export async function listCoverageSnapshots(
  db: Db,
  userId: string,
  range: { from: string; to: string; repoId?: string },
): Promise<CoverageSnapshot[]> {
  let latestBefore = db
    .selectFrom('coverage_snapshots')
    .select(['repo_id', (eb) => eb.fn.max('day').as('day')])
    .where('user_id', '=', userId)
    .where('day', '<', range.from)
    .groupBy('repo_id');
  let inRange = db
    .selectFrom('coverage_snapshots')
    .selectAll()
    .where('user_id', '=', userId)
    .where('day', '>=', range.from)
    .where('day', '<=', range.to);
  if (range.repoId !== undefined) {
    latestBefore = latestBefore.where('repo_id', '=', range.repoId);
    inRange = inRange.where('repo_id', '=', range.repoId);
  }
  const starts = await latestBefore.execute();
  const carried =
    starts.length === 0
      ? []
      : await db
          .selectFrom('coverage_snapshots')
          .selectAll()
          .where((eb) =>
            eb.or(
              starts.map((start) =>
                eb.and([eb('repo_id', '=', start.repo_id), eb('day', '=', String(start.day))]),
              ),
            ),
          )
          .execute();
  return [...carried, ...(await inRange.orderBy('day').execute())];
}

/**
 * Deletes snapshots of days before `day`, except each repository's latest one (a series still
 * needs to know where a repository stood when its range starts).
 */
export async function deleteCoverageSnapshotsBefore(db: Db, day: string): Promise<number> {
  const result = await db
    .deleteFrom('coverage_snapshots')
    .where('day', '<', day)
    .where((eb) =>
      eb(
        'day',
        '<',
        eb
          .selectFrom('coverage_snapshots as newer')
          .select((inner) => inner.fn.max('newer.day').as('latest'))
          .whereRef('newer.repo_id', '=', 'coverage_snapshots.repo_id'),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
