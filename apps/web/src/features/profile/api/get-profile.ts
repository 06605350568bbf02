import type { UserProfile } from '@codedocs/contract';
import { api } from '@/lib/api-client';

/** `GET /api/v0/user`: the profile (name, email, id, description, login method, purchases). */
export function getProfile(signal?: AbortSignal): Promise<UserProfile> {
  return api.v0.get<UserProfile>('/user', { signal });
}
