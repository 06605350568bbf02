import type { FailedConnection, PendingConnection } from '../store/connecting-slice';
import { ConnectingEntry } from './connecting-entry';
import { FailedConnectionEntry } from './failed-connection-entry';

/** Props of ConnectingList. */
export interface ConnectingListProps {
  entries: PendingConnection[];
  /** Connects that failed and have not been dismissed. */
  failed?: FailedConnection[];
}

/**
 * The connects still cloning and those that failed, above the repo list; nothing when there are
 * none.
 */
export function ConnectingList({ entries, failed = [] }: ConnectingListProps) {
  if (entries.length === 0 && failed.length === 0) return null;
  return (
    <>
      {failed.length > 0 && (
        <section aria-label="Failed connections" className="flex flex-col gap-2">
          <ul className="flex flex-col gap-2">
            {failed.map((entry) => (
              <FailedConnectionEntry key={entry.task_id} entry={entry} />
            ))}
          </ul>
        </section>
      )}
      {entries.length > 0 && (
        <section aria-labelledby="connecting-title" className="flex flex-col gap-2">
          <h2 id="connecting-title" className="text-sm font-medium text-muted-foreground">
            Connecting
          </h2>
          <ul className="flex flex-col gap-2">
            {entries.map((entry) => (
              <ConnectingEntry key={entry.task_id} entry={entry} />
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
