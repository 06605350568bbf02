import type { EmailShareResponse } from '@codedocs/contract';
import { api } from '@/lib/api-client';
import { folderPath, useShareMutation } from './folder-shares';

/**
 * `POST /api/v1/staticdocs/folder/{id}/share/email {permission, email_ids}`: one mail and one
 * single-use invitation per address. E-mail shares grant viewer (spec section 5), so viewer is
 * what is asked for.
 */
export function postEmailShares(
  folderId: string,
  emailIds: readonly string[],
): Promise<EmailShareResponse> {
  return api.v1.post<EmailShareResponse>(`${folderPath(folderId)}/share/email`, {
    permission: 'viewer',
    email_ids: emailIds,
  });
}

/** Mutation that invites addresses by e-mail. */
export function useCreateEmailShares(folderId: string) {
  return useShareMutation(folderId, (emailIds: readonly string[]) =>
    postEmailShares(folderId, emailIds),
  );
}
