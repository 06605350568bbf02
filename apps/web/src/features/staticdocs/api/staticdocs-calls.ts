import type {
  FolderListResponse,
  FolderMetadataResponse,
  GenerateFolderResponse,
  OpenFolderResponse,
} from '@codedocs/contract';
import { api } from '@/lib/api-client';

/** Which folder list a call reads: the caller's own, or those shared with them (spec section 7). */
export type FolderListKind = 'creator' | 'shared';

/** Folders one list page asks for (the spec leaves page sizes to the caller). */
export const FOLDER_PAGE_SIZE = 20;
/** Files one page of a folder's metadata asks for. */
export const FOLDER_FILES_PAGE_SIZE = 100;

const folderPath = (id: string) => `/staticdocs/folder/${encodeURIComponent(id)}`;

/** `GET /api/v1/staticdocs/folders/{creator|shared}?limit&cursor`: one page, newest first. */
export function getFolders(
  kind: FolderListKind,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<FolderListResponse> {
  return api.v1.get<FolderListResponse>(`/staticdocs/folders/${kind}`, {
    query: { limit: FOLDER_PAGE_SIZE, cursor },
    signal,
  });
}

/** `GET /api/v1/staticdocs/folder/{id}/metadata?limit&cursor`: the folder and a page of files. */
export function getFolderMetadata(
  folderId: string,
  cursor: string | null,
  limit = FOLDER_FILES_PAGE_SIZE,
  signal?: AbortSignal,
): Promise<FolderMetadataResponse> {
  return api.v1.get<FolderMetadataResponse>(`${folderPath(folderId)}/metadata`, {
    query: { limit, cursor },
    signal,
  });
}

/** `POST /api/v1/staticdocs/generate/compilation`: a new folder and the task that builds it. */
export function postGenerateFolder(
  compilationId: string,
  folderName: string,
): Promise<GenerateFolderResponse> {
  return api.v1.post<GenerateFolderResponse>('/staticdocs/generate/compilation', {
    compilation_id: compilationId,
    folder_name: folderName,
  });
}

/** `POST /api/v1/staticdocs/folder/{id}/update`: rebuilds the folder from its compilation. */
export function postUpdateFolder(folderId: string): Promise<GenerateFolderResponse> {
  return api.v1.post<GenerateFolderResponse>(`${folderPath(folderId)}/update`);
}

/** `POST /api/v1/staticdocs/folder/{id}/open`: a short-lived address of the folder's site. */
export function postOpenFolder(folderId: string): Promise<OpenFolderResponse> {
  return api.v1.post<OpenFolderResponse>(`${folderPath(folderId)}/open`);
}

/**
 * `DELETE /api/v1/staticdocs/folders/created/{id}` (the caller's folder, with its files) or
 * `/folders/shared/{id}` (a shared folder off the caller's list; it stays for its owner).
 */
export function deleteFolderCall(kind: FolderListKind, folderId: string): Promise<void> {
  const list = kind === 'creator' ? 'created' : 'shared';
  return api.v1.delete<void>(`/staticdocs/folders/${list}/${encodeURIComponent(folderId)}`);
}

/**
 * A zip of the folder's site: `GET …/folder/{id}/files` for the whole site, or
 * `POST …/folder/{id}/files {file_ids}` for the chosen files.
 */
export function getFolderZip(folderId: string, fileIds?: readonly string[]): Promise<Blob> {
  const path = `${folderPath(folderId)}/files`;
  const options = { responseType: 'blob' as const, headers: { Accept: 'application/zip' } };
  return fileIds
    ? api.v1.post<Blob>(path, { file_ids: fileIds }, options)
    : api.v1.get<Blob>(path, options);
}

/** `GET /api/v1/staticdocs/folder/{id}/file/{file_id}`: one file of the site, as bytes. */
export function getFolderFile(folderId: string, fileId: string, signal?: AbortSignal) {
  return api.v1.get<Blob>(`${folderPath(folderId)}/file/${encodeURIComponent(fileId)}`, {
    responseType: 'blob',
    headers: { Accept: '*/*' },
    signal,
  });
}
