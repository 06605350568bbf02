import type { SessionResponse } from '@codedocs/contract';
import { api } from '@/lib/api-client';

/** `POST /api/v1/auth/verify {token}` (from the mailed link) → `{token, user}`: logged in. */
export function verifyEmail(token: string): Promise<SessionResponse> {
  return api.v1.post<SessionResponse>('/auth/verify', { token });
}
