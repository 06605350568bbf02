import { QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { QUERY_GC_TIME, QUERY_RETRY, QUERY_RETRY_DELAY_MAX } from '@/config/constants';

/** Exponential backoff between retries: 2 s, 4 s, 8 s … capped at 30 s. */
export function queryRetryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, QUERY_RETRY_DELAY_MAX);
}

/** The spec's cache policy: unused data kept 5 minutes, 3 retries with capped backoff. */
export const queryDefaults: DefaultOptions = {
  queries: {
    gcTime: QUERY_GC_TIME,
    retry: QUERY_RETRY,
    retryDelay: queryRetryDelay,
  },
};

/** Creates a QueryClient with the app's defaults (one per app; tests make their own). */
export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryDefaults });
}
