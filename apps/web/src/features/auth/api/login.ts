import type { LoginRequest, SessionResponse } from '@codedocs/contract';
import { api } from '@/lib/api-client';

/**
 * `POST /api/v1/auth/login` → `{token, user}`. Fails with 401 for a wrong pair, 403
 * `email_not_verified` before the address is confirmed and 429 `rate_limited` when throttled.
 */
export function login(body: LoginRequest): Promise<SessionResponse> {
  return api.v1.post<SessionResponse>('/auth/login', body);
}
