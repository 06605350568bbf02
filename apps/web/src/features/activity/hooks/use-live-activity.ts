import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ActivityEvent } from '@codedocs/contract';
import { subscribeToActivity } from '@/lib/task-events';
import { ACTIVITY_QUERY_KEY } from '../api/activity-calls';

/** How long a burst of events (a generation writes one per file) is gathered into one refresh. */
export const LIVE_REFRESH_MS = 500;

/**
 * Keeps every activity query (feed, series, checklist) current while mounted: each new event of
 * the user, arriving on the shared event stream once its action has committed, refetches them,
 * at most once per LIVE_REFRESH_MS. `onEvents` hears about each refresh with the events it
 * gathered (the dashboard reloads its repository counts). Answers the latest event seen.
 */
export function useLiveActivity(
  onEvents?: (events: ActivityEvent[]) => void,
): ActivityEvent | null {
  const queryClient = useQueryClient();
  const [latest, setLatest] = useState<ActivityEvent | null>(null);
  const onEventsRef = useRef(onEvents);
  useEffect(() => {
    onEventsRef.current = onEvents;
  }, [onEvents]);

  useEffect(() => {
    let gathered: ActivityEvent[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      timer = undefined;
      const events = gathered;
      gathered = [];
      void queryClient.invalidateQueries({ queryKey: ACTIVITY_QUERY_KEY });
      onEventsRef.current?.(events);
    };
    const unsubscribe = subscribeToActivity((event) => {
      gathered.push(event);
      setLatest(event);
      timer ??= setTimeout(flush, LIVE_REFRESH_MS);
    });
    return () => {
      unsubscribe();
      if (timer) clearTimeout(timer);
    };
  }, [queryClient]);

  return latest;
}
