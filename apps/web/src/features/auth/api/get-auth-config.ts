import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthConfigResponse } from '@codedocs/contract';
import { api } from '@/lib/api-client';

/** `GET /api/v1/auth/config` (public): OAuth providers, the local mail outbox, billing mode. */
export function getAuthConfig(): Promise<AuthConfigResponse> {
  return api.v1.get<AuthConfigResponse>('/auth/config');
}

/** Query of the auth config; it changes only with the server's environment. */
export const authConfigQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'config'], queryFn: getAuthConfig, staleTime: Infinity });

/** The auth config (providers, `mail_outbox`, billing). */
export function useAuthConfig() {
  return useQuery(authConfigQueryOptions());
}

/** The development page that lists mails when no SMTP server is configured. */
export const MAIL_OUTBOX_URL = '/api/dev/outbox';
