import { infiniteQueryOptions } from '@tanstack/react-query';
import { FOLDER_FILES_PAGE_SIZE, getFolderMetadata } from './staticdocs-calls';

/** Query key of a folder's file pages. */
export const folderFilesQueryKey = (folderId: string) =>
  ['staticdocs', 'folder-files', folderId] as const;

/**
 * A folder's files page by page (`GET …/folder/{id}/metadata?limit&cursor`, by path): the
 * browse dialog asks for the next page as its list scrolls.
 */
export function folderFilesQueryOptions(folderId: string) {
  return infiniteQueryOptions({
    queryKey: folderFilesQueryKey(folderId),
    queryFn: ({ pageParam, signal }) =>
      getFolderMetadata(folderId, pageParam, FOLDER_FILES_PAGE_SIZE, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursor,
  });
}
