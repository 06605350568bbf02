import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode, NO_ACTIVE_PARSER_SUBSCRIPTION_FOUND, PLAN_COOKIE } from '@codedocs/contract';
import { ApiError } from '@/lib/api-error';
import { getPlanToken, removePlanToken, setPlanToken } from '@/lib/cookies';
import { jsonResponse, stubFetch } from '@/test/fetch-stub';
import { freshPlanToken, tokenExpiresAt, withPlanToken } from './plan-token';

/** An unsigned JWT-shaped token expiring at `exp` seconds (the browser never checks signatures). */
function token(exp: number, name = 'plan'): string {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${encode({ alg: 'HS256' })}.${encode({ exp, name })}.sig`;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

function subscriptionAnswer(jwt: string | null) {
  return jsonResponse({ plan: jwt ? 'pro' : null, status: jwt ? 'active' : 'none', jwt });
}

afterEach(() => {
  removePlanToken();
  vi.unstubAllGlobals();
});

describe('the plan token sent as x-plan', () => {
  it('reads the expiry of a token and nothing from garbage', () => {
    expect(tokenExpiresAt(token(1_900_000_000))).toBe(1_900_000_000_000);
    expect(tokenExpiresAt('not-a-token')).toBeNull();
    expect(tokenExpiresAt('a.%%%.c')).toBeNull();
  });

  it('sends a token that is good for more than a minute without asking', async () => {
    const fresh = token(nowSeconds() + 3600);
    setPlanToken(fresh);
    const fetch = stubFetch(() => subscriptionAnswer(token(nowSeconds() + 7200, 'other')));
    expect(await freshPlanToken()).toBe(fresh);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('fetches the subscription again when the token is about to expire, once for many callers', async () => {
    setPlanToken(token(nowSeconds() + 30));
    const renewed = token(nowSeconds() + 3600, 'renewed');
    const fetch = stubFetch(() => subscriptionAnswer(renewed));
    const answers = await Promise.all([freshPlanToken(), freshPlanToken()]);
    expect(answers).toEqual([renewed, renewed]);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String(fetch.mock.calls[0]?.[0])).toContain('/payments/subscription');
    expect(getPlanToken()).toBe(renewed);
    expect(document.cookie).toContain(`${PLAN_COOKIE}=`);
  });

  it('answers undefined when the account has no plan, without calling', async () => {
    stubFetch(() => subscriptionAnswer(null));
    const call = vi.fn();
    expect(await withPlanToken(call)).toEqual({ plan: undefined });
    expect(call).not.toHaveBeenCalled();
  });

  it('retries once with a new token when the server says the token is stale', async () => {
    const stale = token(nowSeconds() + 3600, 'stale');
    const renewed = token(nowSeconds() + 3600, 'renewed');
    setPlanToken(stale);
    stubFetch(() => subscriptionAnswer(renewed));
    const refused = new ApiError(
      403,
      ErrorCode.subscriptionRequired,
      NO_ACTIVE_PARSER_SUBSCRIPTION_FOUND,
    );
    const call = vi.fn(async (plan: string) => {
      if (plan === stale) throw refused;
      return `generated with ${plan}`;
    });
    expect(await withPlanToken(call)).toEqual({
      plan: renewed,
      value: `generated with ${renewed}`,
    });
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('gives the refusal back when the subscription has no better token', async () => {
    const only = token(nowSeconds() + 3600);
    setPlanToken(only);
    stubFetch(() => subscriptionAnswer(only));
    const refused = new ApiError(
      403,
      ErrorCode.subscriptionRequired,
      NO_ACTIVE_PARSER_SUBSCRIPTION_FOUND,
    );
    const call = vi.fn(async () => {
      throw refused;
    });
    await expect(withPlanToken(call)).rejects.toBe(refused);
    expect(call).toHaveBeenCalledTimes(1);
  });
});
