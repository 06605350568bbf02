import type { ActivityEvent, ActivityEventKind } from '@codedocs/contract';
import type { EventRow } from '../repositories/activity-repository';

type DataValue = ActivityEvent['data'][string];

/** The event's stored JSON data, keeping only flat values (anything else is dropped). */
function dataOf(json: string | null): ActivityEvent['data'] {
  if (!json) return {};
  try {
    const parsed = JSON.parse(json) as unknown;
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    const data: Record<string, DataValue> = {};
    for (const [key, value] of Object.entries(parsed)) {
      if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) {
        data[key] = value as DataValue;
      }
    }
    return data;
  } catch {
    return {};
  }
}

/** An event row as the feed and the live stream carry it. */
export function presentActivityEvent(row: EventRow, grouped = 1): ActivityEvent {
  return {
    event_id: row.id,
    kind: row.kind as ActivityEventKind,
    subject: row.subject,
    scope: row.scope,
    actor_id: row.actor_id,
    actor_name: row.actor_name,
    amount: row.amount,
    data: dataOf(row.data),
    created_at: row.created_at,
    grouped,
  };
}
