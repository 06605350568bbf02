import { QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { QUERY_GC_TIME_MS, QUERY_RETRY_COUNT, queryRetryDelay } from '@codedocs/contract';

/** The spec's cache policy: unused data kept 5 minutes, 3 retries with capped backoff. */
export const queryDefaults: DefaultOptions = {
  queries: {
    gcTime: QUERY_GC_TIME_MS,
    retry: QUERY_RETRY_COUNT,
    retryDelay: queryRetryDelay,
  },
};

/** Creates a QueryClient with the app's defaults (one per app; tests make their own). */
export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryDefaults });
}
