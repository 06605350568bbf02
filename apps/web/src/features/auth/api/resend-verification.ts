import type { AcceptedResponse } from '@codedocs/contract';
import { api } from '@/lib/api-client';

/** `POST /api/v1/auth/verify/resend {email}` → 202 `{message}` (same answer for any address). */
export function resendVerification(email: string): Promise<AcceptedResponse> {
  return api.v1.post<AcceptedResponse>('/auth/verify/resend', { email });
}
