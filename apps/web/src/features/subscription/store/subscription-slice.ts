import { createAction, createSlice } from '@reduxjs/toolkit';
import {
  FAILED_TO_FETCH_SUBSCRIPTION_DATA,
  type PlanId,
  type SubscriptionResponse,
} from '@codedocs/contract';
import { setPlanToken } from '@/lib/cookies';
import { addLoadCases, createLoadState, createLoadThunk, type LoadState } from '@/lib/load-status';
import { getSubscription } from '../api/get-subscription';

/** The subscription as kept in the browser; its plan token lives in the `ps` cookie instead. */
export type Subscription = Omit<SubscriptionResponse, 'jwt'>;

/** The subscription with its load status (spec section 4); starts idle. */
export interface SubscriptionState extends LoadState {
  data: Subscription | null;
}

/** The separate subscription store the plan is copied into (spec section 4). */
export interface SubscriptionPlanState {
  plan: PlanId | null;
}

type State = { subscription: SubscriptionState };

/**
 * Loads `GET /api/v2/payments/subscription` and stores its `jwt` in the `ps` cookie (sent back
 * as `x-plan`); skipped while a fetch is under way.
 */
export const fetchSubscription = createLoadThunk<Subscription, void, State>('subscription/fetch', {
  load: async (_arg, signal) => {
    const { jwt, ...subscription } = await getSubscription(signal);
    if (jwt) setPlanToken(jwt);
    return subscription;
  },
  selectLoadState: (state) => state.subscription,
  defaultMessage: FAILED_TO_FETCH_SUBSCRIPTION_DATA,
});

/**
 * A subscription answered by a change (cancel, resume) rather than a fetch; use
 * `receiveSubscription` so its plan token reaches the `ps` cookie too.
 */
export const subscriptionChanged = createAction<Subscription>('subscription/changed');

/** Stores a subscription answer: its plan token in the `ps` cookie, the rest in the store. */
export function receiveSubscription({ jwt, ...subscription }: SubscriptionResponse) {
  if (jwt) setPlanToken(jwt);
  return subscriptionChanged(subscription);
}

export const subscriptionSlice = createSlice({
  name: 'subscription',
  initialState: { ...createLoadState(), data: null } as SubscriptionState,
  reducers: {},
  extraReducers: (builder) => {
    addLoadCases<SubscriptionState, SubscriptionState, Subscription, void, State>(
      builder,
      fetchSubscription,
      (state) => state,
      {
        onFulfilled: (slot, subscription) => {
          slot.data = subscription;
        },
      },
    );
    builder.addCase(subscriptionChanged, (state, action) => {
      state.data = action.payload;
    });
  },
});

export const subscriptionPlanSlice = createSlice({
  name: 'subscriptionPlan',
  initialState: { plan: null } as SubscriptionPlanState,
  reducers: {},
  extraReducers: (builder) => {
    builder.addCase(fetchSubscription.fulfilled, (state, action) => {
      state.plan = action.payload.plan;
    });
    builder.addCase(subscriptionChanged, (state, action) => {
      state.plan = action.payload.plan;
    });
  },
});

export const subscriptionReducer = subscriptionSlice.reducer;
export const subscriptionPlanReducer = subscriptionPlanSlice.reducer;

/** Selects the subscription state. */
export const selectSubscriptionState = (state: State): SubscriptionState => state.subscription;
/** Selects the plan copied from the last subscription answer, or null. */
export const selectSubscriptionPlan = (state: { subscriptionPlan: SubscriptionPlanState }) =>
  state.subscriptionPlan.plan;
