import { useCallback, useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import {
  fetchFilesPage,
  filesQueryKey,
  selectFilesState,
  type FilesQuery,
  type FilesState,
} from '../store/files-slice';

/** Size of the first page: enough to fill any screen at once, small enough to answer fast. */
export const FIRST_PAGE_LIMIT = 2000;
/** Size of every later page (the server's largest). */
export const NEXT_PAGE_LIMIT = 5000;
/** Rows loaded beyond the last one in view, so scrolling rarely meets a skeleton. */
const READ_AHEAD_ROWS = NEXT_PAGE_LIMIT;

/** What useFilesList returns. */
export interface FilesList {
  state: FilesState;
  /** True when the store holds this query's rows (not another query's). */
  current: boolean;
  /** Tells the hook the last row in view; later pages load ahead of it. */
  setVisibleEnd: (index: number) => void;
  /** Loads the first page again (after a failure). */
  reload: () => void;
}

/**
 * The files of `query` (keep the object stable, e.g. with useMemo), page by page: the first page (2000 rows) as soon as the query changes,
 * then pages of 5000 in the background while fewer than READ_AHEAD_ROWS rows are loaded beyond
 * the last one in view. Answers of an older query are dropped by the slice.
 */
export function useFilesList(query: FilesQuery | null): FilesList {
  const dispatch = useAppDispatch();
  const state = useAppSelector(selectFilesState);
  const [visibleEnd, setVisibleEnd] = useState(-1);
  const key = query ? filesQueryKey(query) : null;
  const current = key !== null && state.queryKey === key;
  const { status, paginationToken } = state;
  const loaded = state.items.length;

  const reload = useCallback(() => {
    if (query) void dispatch(fetchFilesPage({ ...query, limit: FIRST_PAGE_LIMIT }));
  }, [dispatch, query]);

  useEffect(() => {
    // Coming back to a list already loaded (or loading) for this query keeps it.
    if (current && (status === 'succeeded' || status === 'loading')) return;
    reload();
    // Only a new query starts over; status changes of this one are handled below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reload]);

  useEffect(() => {
    if (!query || !current || status !== 'succeeded' || !paginationToken) return;
    if (loaded > visibleEnd + READ_AHEAD_ROWS) return;
    void dispatch(fetchFilesPage({ ...query, paginationToken, limit: NEXT_PAGE_LIMIT }));
  }, [dispatch, query, current, status, paginationToken, loaded, visibleEnd]);

  return { state, current, setVisibleEnd, reload };
}
