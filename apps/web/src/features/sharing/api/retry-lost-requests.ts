import { ApiError } from '@/lib/api-error';

/** Only a lost request is worth asking again: a 4xx answer (404, 403, 429) is the answer. */
export function retryLostRequests(failureCount: number, error: Error): boolean {
  return error instanceof ApiError && error.status <= 0 && failureCount < 3;
}
