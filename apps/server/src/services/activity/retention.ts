import {
  deleteDailyCountsBefore,
  deleteEventsBefore,
} from '../../repositories/activity-repository';
import { deleteCoverageSnapshotsBefore } from '../../repositories/coverage-repository';
import type { Db } from '../../repositories/db';

const DAY_MS = 86_400_000;
/** Events deleted per statement, so the purge never holds the database's writer for long. */
const EVENT_DELETE_BATCH = 5000;

/**
 * Deletes activity older than `retentionDays` (ACTIVITY_RETENTION_DAYS; 0 keeps everything):
 * events, their daily counts, and coverage snapshots except each repository's latest. Answers
 * how many rows went (the hourly maintenance job reports it).
 */
export async function purgeOldActivity(
  db: Db,
  retentionDays: number,
  now = new Date(),
): Promise<number> {
  if (retentionDays <= 0) return 0;
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS).toISOString();
  const day = cutoff.slice(0, 10);
  const events = await deleteEventsBefore(db, cutoff, EVENT_DELETE_BATCH);
  const counts = await deleteDailyCountsBefore(db, day);
  const snapshots = await deleteCoverageSnapshotsBefore(db, day);
  return events + counts + snapshots;
}
