import type { UserProfile } from '@codedocs/contract';
import { api } from '@/lib/api-client';

/** Body of `PATCH /api/v0/user`: the fields to change. */
export interface ProfileUpdate {
  name?: string;
  description?: string;
}

/** `PATCH /api/v0/user {name?, description?}` → the updated profile. */
export function updateProfile(body: ProfileUpdate): Promise<UserProfile> {
  return api.v0.patch<UserProfile>('/user', body);
}
