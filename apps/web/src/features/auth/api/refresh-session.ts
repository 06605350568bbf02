import { api } from '@/lib/api-client';

/** Answer of `GET /api/v1/auth/refresh`; only `token` is read (spec section 7). */
export interface RefreshResponse {
  token?: string;
}

/**
 * Asks the server to renew the session. The API client adds the bearer credential from the
 * `jwt` cookie and includes cookies.
 */
export function refreshSession(): Promise<RefreshResponse | undefined> {
  return api.v1.get<RefreshResponse | undefined>('/auth/refresh');
}
