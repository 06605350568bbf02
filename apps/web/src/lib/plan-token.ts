import { ErrorCode, type SubscriptionResponse } from '@codedocs/contract';
import { api } from './api-client';
import { ApiError } from './api-error';
import { getPlanToken, setPlanToken } from './cookies';

/** A token that expires within this is fetched again before it is sent. */
const EXPIRY_MARGIN_MS = 60_000;

/** When a JWT expires (ms since the epoch), or null when its payload says nothing readable. */
export function tokenExpiresAt(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    const exp = (json as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}

let refreshing: Promise<string | undefined> | null = null;

/** Asks the subscription again (one request at a time) and keeps its plan token in `ps`. */
function refreshPlanToken(fallback: string | undefined): Promise<string | undefined> {
  refreshing ??= api.v2
    .get<SubscriptionResponse>('/payments/subscription')
    .then(
      ({ jwt }) => {
        if (jwt) setPlanToken(jwt);
        return jwt || undefined;
      },
      // no answer: send what there is and let the server say what is wrong
      () => fallback,
    )
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/**
 * The plan token for the `x-plan` header. The `ps` cookie is only written when the subscription
 * is fetched (entering /app) and the token lives an hour, so a missing token, or one expiring
 * within a minute, is fetched again first; undefined when the account has no usable plan.
 */
export async function freshPlanToken(now: number = Date.now()): Promise<string | undefined> {
  const current = getPlanToken();
  const expiresAt = current ? tokenExpiresAt(current) : null;
  if (current && (expiresAt === null || expiresAt - now > EXPIRY_MARGIN_MS)) return current;
  return refreshPlanToken(current);
}

/**
 * Runs `call` with a fresh plan token; when the server refuses the token anyway (a plan bought
 * or cancelled in another tab makes it stale), fetches the subscription once more and retries
 * once with the new token. Returns `{ plan: undefined }` without calling when there is no plan.
 */
export async function withPlanToken<T>(
  call: (plan: string) => Promise<T>,
): Promise<{ plan: string; value: T } | { plan: undefined }> {
  const plan = await freshPlanToken();
  if (!plan) return { plan: undefined };
  try {
    return { plan, value: await call(plan) };
  } catch (error) {
    const stale =
      error instanceof ApiError &&
      error.status === 403 &&
      error.code === ErrorCode.subscriptionRequired;
    if (!stale) throw error;
    const next = await refreshPlanToken(plan);
    if (!next || next === plan) throw error;
    return { plan: next, value: await call(next) };
  }
}
