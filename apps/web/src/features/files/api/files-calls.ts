import type { FileContentJson, FilesPage } from '@codedocs/contract';
import { api } from '@/lib/api-client';

export type { FileContentJson, FileJson, FilesPage } from '@codedocs/contract';

/** Filters and position of one files page; see `filesQuerySchema` in the contract. */
export interface FilesPageParams {
  pagination_token?: string | null;
  limit?: number;
  commit_id?: string;
  q?: string;
  extension?: string;
}

/** `GET /api/v3/repo/files/{repo_id}`: one page of a commit's files in path order. */
export function getFilesPage(
  repoId: string,
  params: FilesPageParams = {},
  signal?: AbortSignal,
): Promise<FilesPage> {
  return api.v3.get<FilesPage>(`/repo/files/${encodeURIComponent(repoId)}`, {
    query: { ...params },
    signal,
  });
}

/**
 * `GET /api/v0/file/content/{repo_id}?file_id=`: the file's text (first 1 MB, `truncated` says when
 * there was more). Rejects with ApiError status 415 for binary files.
 */
export function getFileContent(
  repoId: string,
  fileId: string,
  commitId?: string,
  signal?: AbortSignal,
): Promise<FileContentJson> {
  return api.v0.get<FileContentJson>(`/file/content/${encodeURIComponent(repoId)}`, {
    query: { file_id: fileId, commit_id: commitId },
    signal,
  });
}
