import type { Db } from '../../repositories/db';
import type { ActivityEventInput, ActivityFeed } from './activity-feed';

export type { ActivityEventInput } from './activity-feed';

/**
 * Records one activity event as part of the action it describes: pass the action's transaction
 * as `db`, so an action that rolls back leaves no event. Live streams get it once it commits.
 * `deps` is the ServiceContext of a route or the JobDeps of a job handler (both carry the feed).
 *
 *     await db.transaction().execute(async (trx) => {
 *       await insertShare(trx, share);
 *       await recordEvent(ctx, trx, { userId: ownerId, kind: 'share.created', subject: share.id,
 *         scope: share.folder_id, data: { kind: share.kind, permission: share.permission } });
 *     });
 */
export function recordEvent(
  deps: { activity: ActivityFeed },
  db: Db,
  event: ActivityEventInput,
): Promise<string> {
  return deps.activity.record(db, event);
}
