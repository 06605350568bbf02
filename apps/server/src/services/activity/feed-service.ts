import {
  ACTIVITY_CATEGORIES,
  ACTIVITY_EVENT_KINDS,
  CHECKLIST_STEPS,
  groupEvents,
  groupsWith,
} from '@codedocs/contract';
import type {
  ActivityCategory,
  ActivityChecklist,
  ActivityEvent,
  ActivityFeedQuery,
  ActivityFeedResponse,
} from '@codedocs/contract';
import { badRequest } from '../../errors/index';
import { presentActivityEvent } from '../../presenters/activity-presenter';
import {
  checklistFacts,
  listEvents,
  type EventCursor,
} from '../../repositories/activity-repository';
import type { ServiceContext } from '../context';

/** Rows read per later query while a page is filled (grouping can fold many into one entry). */
const READ_BATCH = 200;
/** Most rows one page reads; a longer run of one generation continues on the next page. */
const MAX_ROWS_PER_PAGE = 5000;

function encodeCursor(cursor: EventCursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt, cursor.id])).toString('base64url');
}

function decodeCursor(cursor: string): EventCursor {
  try {
    const parts = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(parts) && parts.length === 2 && parts.every((p) => typeof p === 'string')) {
      const [createdAt, id] = parts as [string, string];
      if (!Number.isNaN(Date.parse(createdAt))) return { createdAt, id };
    }
  } catch {
    // answered below
  }
  throw badRequest('query.cursor', 'This cursor is not one the feed answered');
}

const known = new Set<string>(ACTIVITY_EVENT_KINDS);

/**
 * `GET /activity/events`: the caller's events, newest first, filtered by categories and scope.
 * The files one generation task wrote come as one entry (`grouped` says how many events), so a
 * page of `limit` entries may read more rows than that.
 */
export async function listActivity(
  ctx: Pick<ServiceContext, 'db'>,
  userId: string,
  query: ActivityFeedQuery,
): Promise<ActivityFeedResponse> {
  const kinds = query.category
    ? query.category
        .split(',')
        .flatMap((name) => ACTIVITY_CATEGORIES[name.trim() as ActivityCategory])
    : undefined;
  let before = query.cursor ? decodeCursor(query.cursor) : undefined;
  const entries: ActivityEvent[] = [];
  let read = 0;
  for (;;) {
    // the first read is the page plus one (a page of ungrouped events needs no more)
    const batch = read === 0 ? query.limit + 1 : READ_BATCH;
    const rows = await listEvents(ctx.db, userId, {
      kinds,
      scope: query.scope,
      before,
      limit: batch,
    });
    for (const row of rows) {
      const event = presentActivityEvent(row);
      const last = entries.at(-1);
      if (last && groupsWith(last, event)) {
        entries[entries.length - 1] = groupEvents(last, event);
      } else if (entries.length === query.limit) {
        return { events: entries, cursor: before ? encodeCursor(before) : null };
      } else if (known.has(event.kind)) {
        entries.push(event);
      }
      before = { createdAt: row.created_at, id: row.id };
    }
    read += rows.length;
    if (rows.length < batch) return { events: entries, cursor: null };
    if (read >= MAX_ROWS_PER_PAGE) {
      return { events: entries, cursor: before ? encodeCursor(before) : null };
    }
  }
}

/** `GET /activity/checklist`: the first-run steps done, from what the account has. */
export async function activityChecklist(
  ctx: Pick<ServiceContext, 'db'>,
  userId: string,
): Promise<ActivityChecklist> {
  const steps = await checklistFacts(ctx.db, userId);
  return { steps, done: CHECKLIST_STEPS.every((step) => steps[step]) };
}
