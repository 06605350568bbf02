import type { PrivateShareRequest, PrivateShareResponse } from '@codedocs/contract';
import { api } from '@/lib/api-client';
import { folderPath, useShareMutation } from './folder-shares';

/**
 * `POST /api/v1/staticdocs/folder/{id}/share/private {permission, expiry}`: a link to the
 * invitation page, shown once. Editors may only make viewer links.
 */
export function postPrivateShare(
  folderId: string,
  request: PrivateShareRequest,
): Promise<PrivateShareResponse> {
  return api.v1.post<PrivateShareResponse>(`${folderPath(folderId)}/share/private`, request);
}

/** Mutation that makes a private link. */
export function useCreatePrivateShare(folderId: string) {
  return useShareMutation(folderId, (request: PrivateShareRequest) =>
    postPrivateShare(folderId, request),
  );
}
