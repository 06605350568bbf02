import { api } from '@/lib/api-client';

/** How long logging out waits for the server before it gives up (best effort). */
const END_SESSION_TIMEOUT_MS = 5000;

/**
 * `POST /api/v1/auth/logout`: revokes the session on the server. The bearer header is built
 * from the `jwt` cookie synchronously, so the caller may delete the cookie right after calling.
 */
export function endSession(): Promise<void> {
  return api.v1.post<void>('/auth/logout', undefined, {
    signal: AbortSignal.timeout(END_SESSION_TIMEOUT_MS),
  });
}
