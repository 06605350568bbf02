import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SignInMethodsResponse } from '@codedocs/contract';
import { api } from '@/lib/api-client';

/** `GET /api/v1/auth/methods`: whether a password is set and which providers are linked. */
export function getSignInMethods(): Promise<SignInMethodsResponse> {
  return api.v1.get<SignInMethodsResponse>('/auth/methods');
}

/** Query of the sign-in methods. */
export const signInMethodsQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'methods'], queryFn: getSignInMethods });

/** How the caller's account can sign in. */
export function useSignInMethods() {
  return useQuery(signInMethodsQueryOptions());
}
