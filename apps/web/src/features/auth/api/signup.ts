import type { AcceptedResponse, SignupRequest } from '@codedocs/contract';
import { api } from '@/lib/api-client';

/** `POST /api/v1/auth/signup` → 202 `{message}`; the account waits for e-mail verification. */
export function signup(body: SignupRequest): Promise<AcceptedResponse> {
  return api.v1.post<AcceptedResponse>('/auth/signup', body);
}
