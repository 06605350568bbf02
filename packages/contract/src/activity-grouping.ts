import type { ActivityEvent } from './activity';

/**
 * The feed shows the files one generation task wrote as one entry: these say when two events
 * belong together and how they add up, on the server (a feed page) and in the browser (events
 * arriving live), so both group alike.
 */

/** The generation task a `docs.generated` event belongs to, if any. */
function taskOf(event: ActivityEvent): string | null {
  const task = event.data.task_id;
  return event.kind === 'docs.generated' && typeof task === 'string' ? task : null;
}

/** Whether `event` belongs to the same feed entry as `entry` (one generation task). */
export function groupsWith(entry: ActivityEvent, event: ActivityEvent): boolean {
  const task = taskOf(entry);
  return task !== null && task === taskOf(event) && entry.scope === event.scope;
}

const num = (value: unknown) => (typeof value === 'number' ? value : 0);

/**
 * The entry standing for both (`newer` keeps its id and time): amounts and the counts in `data`
 * added up, `files` counting the files, `file_path` kept only while it is one file.
 */
export function groupEvents(newer: ActivityEvent, older: ActivityEvent): ActivityEvent {
  const files = (event: ActivityEvent) =>
    typeof event.data.files === 'number' ? event.data.files : 1;
  const data: ActivityEvent['data'] = {
    ...older.data,
    ...newer.data,
    files: files(newer) + files(older),
    objects: num(newer.data.objects) + num(older.data.objects),
    fields: num(newer.data.fields) + num(older.data.fields),
    kept: num(newer.data.kept) + num(older.data.kept),
  };
  delete data.file_path;
  return {
    ...newer,
    amount: newer.amount + older.amount,
    data,
    grouped: newer.grouped + older.grouped,
  };
}
