import type { AcceptedResponse } from '@codedocs/contract';
import { api } from '@/lib/api-client';

/** `POST /api/v1/auth/password/reset {email}` → always 202 `{message}`. */
export function requestPasswordReset(email: string): Promise<AcceptedResponse> {
  return api.v1.post<AcceptedResponse>('/auth/password/reset', { email });
}
