import {
  createAsyncThunk,
  type ActionReducerMapBuilder,
  type AsyncThunk,
  type Draft,
} from '@reduxjs/toolkit';
import { failureMessage } from './api-error';

/** Load status of every remote list (spec section 4); all start idle. */
export type LoadStatus = 'idle' | 'loading' | 'succeeded' | 'failed';

/** Status and error shared by every loaded slice part. */
export interface LoadState {
  status: LoadStatus;
  error: string | null;
}

/** A remote list with its load status. */
export interface ListState<T> extends LoadState {
  items: T[];
}

/** A fresh, idle load state. */
export function createLoadState(): LoadState {
  return { status: 'idle', error: null };
}

/** A fresh, idle, empty list. */
export function createListState<T>(): ListState<T> {
  return { items: [], status: 'idle', error: null };
}

/** Thunk config of load thunks: rejections carry the message to show. */
export interface LoadThunkConfig<State> {
  state: State;
  rejectValue: string;
}

/** Options of createLoadThunk. */
export interface LoadThunkOptions<Returned, Arg, State> {
  /** Does the request; receives the thunk's abort signal. */
  load: (arg: Arg, signal: AbortSignal) => Promise<Returned>;
  /** Finds the load state the thunk fills, to skip a fetch already under way. */
  selectLoadState: (state: State) => LoadState;
  /** Spec default message for this call, used when the failure carries none. */
  defaultMessage: string;
}

/**
 * Creates a thunk that loads one remote list or object. Its `condition` skips the call when a
 * fetch is already under way, and a failure is rejected with a message to show.
 */
export function createLoadThunk<Returned, Arg = void, State = unknown>(
  typePrefix: string,
  options: LoadThunkOptions<Returned, Arg, State>,
): AsyncThunk<Returned, Arg, LoadThunkConfig<State>> {
  return createAsyncThunk<Returned, Arg, LoadThunkConfig<State>>(
    typePrefix,
    async (arg, { signal, rejectWithValue }) => {
      try {
        return await options.load(arg, signal);
      } catch (error) {
        return rejectWithValue(failureMessage(error, options.defaultMessage));
      }
    },
    { condition: (_arg, { getState }) => options.selectLoadState(getState()).status !== 'loading' },
  );
}

/** Options of addLoadCases. */
export interface LoadCaseOptions<Slot, Returned> {
  /** Copies the fulfilled payload into the slot. */
  onFulfilled: (slot: Draft<Slot>, payload: Returned) => void;
  /** Resets the slot's data when the fetch fails (files and objects lists, spec section 4). */
  onRejected?: (slot: Draft<Slot>) => void;
}

/**
 * Adds pending / fulfilled / rejected cases that keep `status` and `error` of the slot picked by
 * `selectSlot` in step with `thunk`. A result that arrives after the slot was reset (for
 * example by a logout while the fetch was under way) is dropped, so it cannot bring back data
 * of a session that has ended.
 */
export function addLoadCases<SliceState, Slot extends LoadState, Returned, Arg, State>(
  builder: ActionReducerMapBuilder<SliceState>,
  thunk: AsyncThunk<Returned, Arg, LoadThunkConfig<State>>,
  selectSlot: (state: Draft<SliceState>) => Draft<Slot>,
  options: LoadCaseOptions<Slot, Returned>,
): ActionReducerMapBuilder<SliceState> {
  return builder
    .addCase(thunk.pending, (state) => {
      const slot = selectSlot(state);
      slot.status = 'loading';
      slot.error = null;
    })
    .addCase(thunk.fulfilled, (state, action) => {
      const slot = selectSlot(state);
      if (slot.status !== 'loading') return;
      slot.status = 'succeeded';
      options.onFulfilled(slot, action.payload);
    })
    .addCase(thunk.rejected, (state, action) => {
      const slot = selectSlot(state);
      if (slot.status !== 'loading') return;
      slot.status = 'failed';
      slot.error = action.payload ?? action.error.message ?? null;
      options.onRejected?.(slot);
    });
}

/** addLoadCases for a ListState: a fulfilled fetch replaces the items with `toItems(payload)`. */
export function addListCases<SliceState, T, Returned, Arg, State>(
  builder: ActionReducerMapBuilder<SliceState>,
  thunk: AsyncThunk<Returned, Arg, LoadThunkConfig<State>>,
  selectList: (state: Draft<SliceState>) => Draft<ListState<T>>,
  toItems: (payload: Returned) => T[],
  { clearOnFailure = false }: { clearOnFailure?: boolean } = {},
): ActionReducerMapBuilder<SliceState> {
  return addLoadCases<SliceState, ListState<T>, Returned, Arg, State>(builder, thunk, selectList, {
    onFulfilled: (list, payload) => {
      list.items = toItems(payload) as Draft<T>[];
    },
    onRejected: clearOnFailure
      ? (list) => {
          list.items = [];
        }
      : undefined,
  });
}
