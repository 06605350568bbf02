import { api } from '@/lib/api-client';
import { folderPath, useShareMutation } from './folder-shares';

/**
 * `DELETE /api/v1/staticdocs/folder/{id}/share/{share_id}`: the link or invitation stops
 * working at once, for every page already open too (owner: any share; editor: their own).
 */
export function deleteShare(folderId: string, shareId: string): Promise<void> {
  return api.v1.delete<void>(`${folderPath(folderId)}/share/${encodeURIComponent(shareId)}`);
}

/** Mutation that revokes one share of the folder. */
export function useRevokeShare(folderId: string) {
  return useShareMutation(folderId, (shareId: string) => deleteShare(folderId, shareId));
}
