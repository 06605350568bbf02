import type { PendingConnection } from '../store/connecting-slice';
import { ConnectingEntry } from './connecting-entry';

/** Props of ConnectingList. */
export interface ConnectingListProps {
  entries: PendingConnection[];
}

/** The connects still cloning, above the repo list; nothing when there are none. */
export function ConnectingList({ entries }: ConnectingListProps) {
  if (entries.length === 0) return null;
  return (
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
  );
}
