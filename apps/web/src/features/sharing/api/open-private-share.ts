import { useMutation } from '@tanstack/react-query';
import type { PrivateFolderResponse } from '@codedocs/contract';
import { api } from '@/lib/api-client';

/**
 * `GET /api/v1/staticdocs/private/{slug}` (login): puts the folder on the caller's shared list
 * with the link's permission and answers it with a short-lived link to its site. An e-mail
 * invitation is used up by the first (and only) account with its address (403 for others).
 */
export function openPrivateShare(slug: string): Promise<PrivateFolderResponse> {
  return api.v1.get<PrivateFolderResponse>(`/staticdocs/private/${encodeURIComponent(slug)}`);
}

/** Mutation that opens a private link (it changes the caller's shared list, so not a query). */
export function useOpenPrivateShare() {
  return useMutation({ mutationFn: openPrivateShare });
}
