import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Plan } from '@codedocs/contract';
import { api } from '@/lib/api-client';

/** `GET /api/v2/payments/plans`: the plans a user can buy or is on. */
export async function getPlans(): Promise<Plan[]> {
  const response = await api.v2.get<{ plans: Plan[] }>('/payments/plans');
  return response.plans;
}

/** Query of the plan catalogue; it changes only with a deployment. */
export const plansQueryOptions = () =>
  queryOptions({ queryKey: ['payments', 'plans'], queryFn: getPlans, staleTime: 60 * 60 * 1000 });

/** The plan catalogue. */
export function usePlans() {
  return useQuery(plansQueryOptions());
}
