import type { PublicShareResponse } from '@codedocs/contract';
import { api } from '@/lib/api-client';
import { folderPath, useShareMutation } from './folder-shares';

/**
 * `POST /api/v1/staticdocs/folder/{id}/share/public` (owner): a new public link, shown once;
 * the server revokes any previous public link of the folder in the same step.
 */
export function postPublicShare(folderId: string): Promise<PublicShareResponse> {
  return api.v1.post<PublicShareResponse>(`${folderPath(folderId)}/share/public`);
}

/** Mutation that turns the public link on, or replaces it with a new one. */
export function useCreatePublicShare(folderId: string) {
  return useShareMutation(folderId, () => postPublicShare(folderId));
}
