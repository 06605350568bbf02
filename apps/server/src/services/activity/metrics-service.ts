import { SITE_VIEW_KINDS } from '@codedocs/contract';
import type {
  ActivityRangeQuery,
  CoverageMetrics,
  CoveragePoint,
  DocsMetrics,
  ViewsMetrics,
} from '@codedocs/contract';
import type { CoverageSnapshot } from '@codedocs/db';
import {
  folderNamesOfOwner,
  sharesOfOwner,
  sumDailyCounts,
  userNames,
} from '../../repositories/activity-repository';
import {
  latestCoverageSnapshot,
  listCoverageSnapshots,
} from '../../repositories/coverage-repository';
import { listReposOfUser } from '../../repositories/repos-repository';
import type { ServiceContext } from '../context';
import { dayOf, snapshotCoverage } from './coverage-snapshots';
import { Buckets } from './series';

type Deps = Pick<ServiceContext, 'db' | 'log'>;

const frame = (buckets: Buckets) => ({
  from: buckets.from,
  to: buckets.to,
  bucket: buckets.bucket,
  buckets: buckets.starts,
});

/** A snapshot's counts; a day counted before honest coverage (rule 0) shows no documented figure. */
const pointOf = (snapshot: CoverageSnapshot): CoveragePoint => {
  const honest = Number(snapshot.rule) === 1;
  return {
    objects: Number(snapshot.objects),
    documented: honest ? Number(snapshot.documented) : null,
    generated: honest && snapshot.generated !== null ? Number(snapshot.generated) : null,
    stale: Number(snapshot.stale),
  };
};

/**
 * `GET /activity/coverage`: each repository's counts at the end of every bucket (its latest
 * snapshot up to that day; null before its first), and its counts now. A repository indexed
 * before snapshots existed gets its first one when a range reaching today is asked for.
 */
export async function coverageMetrics(
  deps: Deps,
  userId: string,
  query: ActivityRangeQuery,
): Promise<CoverageMetrics> {
  const buckets = new Buckets(query.from, query.to, query.bucket);
  const repos = (await listReposOfUser(deps.db, userId)).filter(
    (repo) => query.scope === undefined || repo.id === query.scope,
  );
  const range = { from: query.from, to: query.to, repoId: query.scope };
  let snapshots = await listCoverageSnapshots(deps.db, userId, range);
  if (query.to >= dayOf(new Date())) {
    const seen = new Set(snapshots.map((s) => s.repo_id));
    const missing = repos.filter((repo) => repo.indexed && !seen.has(repo.id));
    let took = false;
    for (const repo of missing) {
      if (!(await latestCoverageSnapshot(deps.db, repo.id))) {
        await snapshotCoverage(deps, repo.id);
        took = true;
      }
    }
    if (took) snapshots = await listCoverageSnapshots(deps.db, userId, range);
  }
  const byRepo = new Map<string, CoverageSnapshot[]>();
  for (const snapshot of snapshots) {
    byRepo.set(snapshot.repo_id, [...(byRepo.get(snapshot.repo_id) ?? []), snapshot]);
  }
  return {
    ...frame(buckets),
    repositories: repos.map((repo) => {
      const rows = (byRepo.get(repo.id) ?? []).sort((a, b) => a.day.localeCompare(b.day));
      let next = 0;
      let latest: CoverageSnapshot | undefined;
      const points = buckets.ends.map((end) => {
        while (next < rows.length && rows[next]!.day <= end) latest = rows[next++];
        return latest ? pointOf(latest) : null;
      });
      return {
        repo_id: repo.id,
        name: repo.name,
        points,
        current: repo.indexed
          ? {
              objects: repo.object_count,
              documented: repo.documented_count,
              generated: repo.generated_count,
              stale: repo.stale_count,
            }
          : null,
      };
    }),
  };
}

const DOC_KINDS = ['docs.generated', 'doc.edited', 'doc.reviewed'] as const;

/**
 * `GET /activity/docs`: fields written by generation (`amount`) and saved by people, objects
 * reviewed, per bucket and in total, and fields saved per person.
 */
export async function docsMetrics(
  deps: Deps,
  userId: string,
  query: ActivityRangeQuery,
): Promise<DocsMetrics> {
  const buckets = new Buckets(query.from, query.to, query.bucket);
  const filter = { from: query.from, to: query.to, kinds: DOC_KINDS, scope: query.scope };
  const rows = await sumDailyCounts(deps.db, userId, filter, ['day', 'kind']);
  const series = { generated: buckets.zeros(), edited: buckets.zeros(), reviewed: buckets.zeros() };
  for (const row of rows) {
    const at = buckets.indexOf(row.day);
    if (at < 0) continue;
    if (row.kind === 'docs.generated') series.generated[at]! += row.amount;
    else if (row.kind === 'doc.reviewed') series.reviewed[at]! += row.events;
    else series.edited[at]! += row.events;
  }
  const editors = await sumDailyCounts(deps.db, userId, { ...filter, kinds: ['doc.edited'] }, [
    'actor_id',
  ]);
  const editsBy = new Map(
    editors.filter((row) => row.actor_id !== '').map((row) => [row.actor_id, row.events]),
  );
  const names = await userNames(deps.db, [...editsBy.keys()]);
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  return {
    ...frame(buckets),
    series,
    totals: {
      generated: sum(series.generated),
      edited: sum(series.edited),
      reviewed: sum(series.reviewed),
    },
    people: [...editsBy]
      .map(([id, edits]) => ({ user_id: id, name: names.get(id) ?? 'Deleted user', edits }))
      .sort((a, b) => b.edits - a.edits || a.name.localeCompare(b.name)),
  };
}

/**
 * `GET /activity/views`: opens of the user's sites, from the app (`site.viewed`) and through
 * shares (`share.opened`), per bucket, per folder and per share.
 */
export async function viewsMetrics(
  deps: Deps,
  userId: string,
  query: ActivityRangeQuery,
): Promise<ViewsMetrics> {
  const buckets = new Buckets(query.from, query.to, query.bucket);
  const rows = await sumDailyCounts(
    deps.db,
    userId,
    { from: query.from, to: query.to, kinds: SITE_VIEW_KINDS, scope: query.scope },
    ['day', 'kind', 'scope', 'subject'],
  );
  const views = buckets.zeros();
  const folders = new Map<string, number[]>();
  const shares = new Map<string, { folder: string; views: number[] }>();
  for (const row of rows) {
    const at = buckets.indexOf(row.day);
    if (at < 0) continue;
    views[at]! += row.events;
    if (row.scope) {
      const series = folders.get(row.scope) ?? buckets.zeros();
      series[at]! += row.events;
      folders.set(row.scope, series);
    }
    if (row.kind === 'share.opened' && row.subject) {
      const share = shares.get(row.subject) ?? { folder: row.scope, views: buckets.zeros() };
      share.views[at]! += row.events;
      shares.set(row.subject, share);
    }
  }
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const folderNames = await folderNamesOfOwner(deps.db, userId, [...folders.keys()]);
  const shareRows = await sharesOfOwner(deps.db, userId, [...shares.keys()]);
  const byTotal = <T extends { total: number }>(a: T, b: T) => b.total - a.total;
  return {
    ...frame(buckets),
    series: { views },
    totals: { views: sum(views) },
    folders: [...folders]
      .map(([id, series]) => ({
        folder_id: id,
        name: folderNames.get(id) ?? null,
        views: series,
        total: sum(series),
      }))
      .sort(byTotal),
    shares: [...shares]
      .map(([id, share]) => ({
        share_id: id,
        folder_id: shareRows.get(id)?.folder_id ?? (share.folder || null),
        kind: shareRows.get(id)?.kind ?? null,
        views: share.views,
        total: sum(share.views),
      }))
      .sort(byTotal),
  };
}
