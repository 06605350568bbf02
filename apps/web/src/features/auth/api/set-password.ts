import type { AcceptedResponse } from '@codedocs/contract';
import { api } from '@/lib/api-client';

/** Body of `POST /api/v1/auth/password/set`. */
export interface SetPasswordRequest {
  token: string;
  password: string;
}

/** `POST /api/v1/auth/password/set {token, password}` (from the reset link) → `{message}`. */
export function setPassword(body: SetPasswordRequest): Promise<AcceptedResponse> {
  return api.v1.post<AcceptedResponse>('/auth/password/set', body);
}
