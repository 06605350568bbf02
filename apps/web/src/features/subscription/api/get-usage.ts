import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UsageResponse } from '@codedocs/contract';
import { api } from '@/lib/api-client';

/** `GET /api/v2/payments/usage`: what the user uses of each quota of the plan. */
export function getUsage(signal?: AbortSignal): Promise<UsageResponse> {
  return api.v2.get<UsageResponse>('/payments/usage', { signal });
}

/** Query of the quota use; fetched again whenever the Parser settings page is opened. */
export const usageQueryOptions = () =>
  queryOptions({
    queryKey: ['payments', 'usage'],
    queryFn: ({ signal }) => getUsage(signal),
    staleTime: 0,
  });

/** The quota use. */
export function useUsage() {
  return useQuery(usageQueryOptions());
}
