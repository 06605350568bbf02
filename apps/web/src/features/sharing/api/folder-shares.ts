import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import type { FolderSharesResponse } from '@codedocs/contract';
import { api } from '@/lib/api-client';
import { retryLostRequests } from './retry-lost-requests';

/** Shares one page of a folder's list asks for. */
export const SHARES_PAGE_SIZE = 20;

/** `/staticdocs/folder/{id}`: the base of every call on one folder's shares. */
export const folderPath = (folderId: string) =>
  `/staticdocs/folder/${encodeURIComponent(folderId)}`;

/**
 * `GET /api/v1/staticdocs/folder/{id}/shares?limit&cursor`: one page of the folder's shares,
 * newest first (the owner sees every share, an editor the ones they made).
 */
export function getFolderShares(
  folderId: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<FolderSharesResponse> {
  return api.v1.get<FolderSharesResponse>(`${folderPath(folderId)}/shares`, {
    query: { limit: SHARES_PAGE_SIZE, cursor },
    signal,
  });
}

/** Query key of a folder's share pages. */
export const folderSharesQueryKey = (folderId: string) =>
  ['sharing', 'folder-shares', folderId] as const;

/** A folder's shares page by page; the share dialog asks for the next page with "Load more". */
export function folderSharesQueryOptions(folderId: string) {
  return infiniteQueryOptions({
    queryKey: folderSharesQueryKey(folderId),
    queryFn: ({ pageParam, signal }) => getFolderShares(folderId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursor,
    retry: retryLostRequests,
  });
}

/** The share dialog's list of a folder's shares. */
export function useFolderShares(folderId: string) {
  return useInfiniteQuery(folderSharesQueryOptions(folderId));
}

/**
 * A call that makes or revokes a share of the folder: once it succeeds the folder's share list
 * is read again (statuses and counts are the server's to say).
 */
export function useShareMutation<Variables, Result>(
  folderId: string,
  mutationFn: (variables: Variables) => Promise<Result>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: folderSharesQueryKey(folderId) }),
  });
}
