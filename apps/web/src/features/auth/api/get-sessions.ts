import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionInfo } from '@codedocs/contract';
import { api } from '@/lib/api-client';

/** `GET /api/v1/auth/sessions`: the caller's active sessions, the current one marked. */
export async function getSessions(): Promise<SessionInfo[]> {
  const response = await api.v1.get<{ sessions: SessionInfo[] }>('/auth/sessions');
  return response.sessions;
}

/** Query of the session list. */
export const sessionsQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'sessions'], queryFn: getSessions });

/** The caller's sessions. */
export function useSessions() {
  return useQuery(sessionsQueryOptions());
}

/** `DELETE /api/v1/auth/sessions/{id}`: signs another session out. */
export function revokeSession(sessionId: string): Promise<void> {
  return api.v1.delete<void>(`/auth/sessions/${encodeURIComponent(sessionId)}`);
}

/** Mutation that revokes a session and refreshes the list. */
export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey }),
  });
}
