import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InvitePreviewResponse } from '@codedocs/contract';
import { api } from '@/lib/api-client';
import { retryLostRequests } from './retry-lost-requests';

/**
 * `GET /api/v1/staticdocs/private/{slug}/preview` (no login needed): the folder's name and
 * owner, the permission and the expiry of a private link or e-mail invitation. 404 for a link
 * that expired, was revoked or never existed (the server does not tell them apart).
 */
export function getInvitePreview(
  slug: string,
  signal?: AbortSignal,
): Promise<InvitePreviewResponse> {
  return api.v1.get<InvitePreviewResponse>(
    `/staticdocs/private/${encodeURIComponent(slug)}/preview`,
    { signal },
  );
}

/** Query of an invitation's preview. */
export const invitePreviewQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['sharing', 'invite-preview', slug],
    queryFn: ({ signal }) => getInvitePreview(slug, signal),
    retry: retryLostRequests,
  });

/** What the invitation page shows before the link is opened. */
export function useInvitePreview(slug: string) {
  return useQuery(invitePreviewQueryOptions(slug));
}
