import { DEFAULT_ACTIVITY_RETENTION_DAYS } from '../../config';
import { nowIso } from '../../services/context';
import { purgeOldActivity } from '../../services/activity/retention';
import { expireTestCheckouts } from '../../services/billing/test-provider';
import {
  deleteDeadAuthTokens,
  deleteEndedSessions,
  deleteThrottleEventsBefore,
} from '../../repositories/maintenance-repository';
import { deleteFinishedJobs } from '../../repositories/jobs-repository';
import { pruneOldCommits } from '../../services/repos/commit-retention';
import { removeOrphanClones } from '../../services/repos/orphan-clones';
import { removeOrphanBuilds } from '../../services/sites/orphan-builds';
import { exportStoreOf } from '../../services/exports/export-store';
import { listExportBuilds } from '../../repositories/exports-repository';
import { siteStoreOf } from '../../services/sites/staticdocs-service';
import type { JobHandler } from '../job-definition';
import type { JobDeps } from './deps';
import { scheduleNextPurge } from '../schedule';

const DAY_MS = 24 * 60 * 60_000;
/** Ended sessions stay a day so "signed out" is still visible in a just-loaded session list. */
const ENDED_SESSION_KEEP_MS = DAY_MS;
/** Longer than any throttling window (15 minutes). */
const THROTTLE_KEEP_MS = DAY_MS;
/** Finished tasks stay a week so a client can still read how its task ended. */
const FINISHED_JOB_KEEP_MS = 7 * DAY_MS;

/**
 * Deletes rows nothing can use any more, and clone folders no repository or connect owns. Idempotent by nature (deleting twice deletes nothing);
 * schedules the next hour's run before returning so the chain survives restarts.
 */
export function purgeExpiredHandler(deps: JobDeps): JobHandler<Record<string, never>> {
  return async ({ reportProgress, signal }) => {
    const steps = [
      ['auth_tokens', () => deleteDeadAuthTokens(deps.db, nowIso())],
      ['sessions', () => deleteEndedSessions(deps.db, nowIso(-ENDED_SESSION_KEEP_MS))],
      ['throttle_events', () => deleteThrottleEventsBefore(deps.db, nowIso(-THROTTLE_KEEP_MS))],
      ['jobs', () => deleteFinishedJobs(deps.db, nowIso(-FINISHED_JOB_KEEP_MS))],
      [
        'repo_clones',
        () => removeOrphanClones(deps.db, deps.config.dataDir, deps.config.gitTimeoutMs),
      ],
      ['repo_commits', () => pruneOldCommits(deps.db)],
      ['site_builds', () => removeOrphanBuilds(deps.db, siteStoreOf(deps))],
      ['test_checkouts', () => expireTestCheckouts(deps.db)],
      ['export_builds', () => removeOrphanBuilds(deps.db, exportStoreOf(deps), listExportBuilds)],
      [
        'events',
        () =>
          purgeOldActivity(
            deps.db,
            deps.config.activityRetentionDays ?? DEFAULT_ACTIVITY_RETENTION_DAYS,
          ),
      ],
    ] as const;
    const deleted: Record<string, number> = {};
    for (const [index, [table, purge]] of steps.entries()) {
      signal.throwIfAborted();
      deleted[table] = await purge();
      await reportProgress(index + 1, steps.length, `Purged ${table}`);
    }
    await scheduleNextPurge(deps.queue);
    return { deleted };
  };
}
