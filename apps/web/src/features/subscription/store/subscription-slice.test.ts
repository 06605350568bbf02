import { configureStore } from '@reduxjs/toolkit';
import Cookies from 'js-cookie';
import { describe, expect, it } from 'vitest';
import { jsonResponse, requestHeaders, stubFetch } from '@/test/fetch-stub';
import { testSubscription } from '@/test/fixtures';
import {
  fetchSubscription,
  subscriptionPlanReducer,
  subscriptionReducer,
} from './subscription-slice';

function makeStore() {
  return configureStore({
    reducer: { subscription: subscriptionReducer, subscriptionPlan: subscriptionPlanReducer },
  });
}

describe('subscription slice', () => {
  it('starts idle with no plan', () => {
    const state = makeStore().getState();
    expect(state.subscription).toEqual({ status: 'idle', error: null, data: null });
    expect(state.subscriptionPlan).toEqual({ plan: null });
  });

  it('calls GET /api/v2/payments/subscription, stores the jwt in ps and copies the plan', async () => {
    Cookies.set('jwt', 'session');
    const fetchMock = stubFetch(() => jsonResponse({ ...testSubscription, plan: 'team' }));
    const store = makeStore();

    await store.dispatch(fetchSubscription());

    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v2/payments/subscription');
    expect(requestHeaders(fetchMock).get('Authorization')).toBe('Bearer session');
    expect(Cookies.get('ps')).toBe('plan-token');
    expect(store.getState().subscriptionPlan.plan).toBe('team');
    expect(store.getState().subscription.status).toBe('succeeded');
  });

  it('skips a fetch already under way', async () => {
    const fetchMock = stubFetch(() => jsonResponse(testSubscription));
    const store = makeStore();
    await Promise.all([store.dispatch(fetchSubscription()), store.dispatch(fetchSubscription())]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('fails with "Failed to fetch subscription data" when the failure carries no message', async () => {
    stubFetch(() => new Response('oops', { status: 500 }));
    const store = makeStore();
    await store.dispatch(fetchSubscription());
    expect(store.getState().subscription).toMatchObject({
      status: 'failed',
      error: 'Failed to fetch subscription data',
    });
    expect(Cookies.get('ps')).toBeUndefined();
    expect(store.getState().subscriptionPlan.plan).toBeNull();
  });
});
