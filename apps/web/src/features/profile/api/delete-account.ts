import { api } from '@/lib/api-client';

/** `DELETE /api/v0/user`: removes the user and everything they own; their sessions end. */
export function deleteAccount(): Promise<void> {
  return api.v0.delete<void>('/user');
}
