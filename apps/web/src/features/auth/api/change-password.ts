import type { SessionResponse } from '@codedocs/contract';
import { api } from '@/lib/api-client';

/** Body of `POST /api/v1/auth/password/change`. */
export interface ChangePasswordRequest {
  current_password?: string;
  new_password: string;
}

/**
 * `POST /api/v1/auth/password/change` → `{token, user}`: a new session token (the old one and
 * every other session end), which replaces the `jwt` cookie.
 */
export function changePassword(body: ChangePasswordRequest): Promise<SessionResponse> {
  return api.v1.post<SessionResponse>('/auth/password/change', body);
}
