import { configureStore, createAction, createSlice } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { addListCases, createListState, createLoadThunk, type ListState } from './load-status';

interface Item {
  id: string;
}
interface ItemsState {
  list: ListState<Item>;
}

const reset = createAction('items/reset');

// A throwaway slice built the way later features (repos, keys, files…) will use the helper.
function setup(load: () => Promise<{ items: Item[] }>, clearOnFailure = false) {
  const fetchItems = createLoadThunk<{ items: Item[] }, void, { items: ItemsState }>(
    'items/fetch',
    {
      load,
      selectLoadState: (state) => state.items.list,
      defaultMessage: 'Failed to fetch items',
    },
  );
  const slice = createSlice({
    name: 'items',
    initialState: { list: createListState<Item>() } as ItemsState,
    reducers: {},
    extraReducers: (builder) => {
      builder.addCase(reset, () => ({ list: createListState<Item>() }));
      addListCases(
        builder,
        fetchItems,
        (state) => state.list,
        (payload) => payload.items,
        {
          clearOnFailure,
        },
      );
    },
  });
  const store = configureStore({ reducer: { items: slice.reducer } });
  return { store, fetchItems, list: () => store.getState().items.list };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('load-status helper', () => {
  it('starts idle and moves through loading to succeeded', async () => {
    const gate = deferred<{ items: Item[] }>();
    const { store, fetchItems, list } = setup(() => gate.promise);
    expect(list()).toEqual({ items: [], status: 'idle', error: null });

    const running = store.dispatch(fetchItems());
    expect(list().status).toBe('loading');

    gate.resolve({ items: [{ id: 'a' }] });
    await running;
    expect(list()).toEqual({ items: [{ id: 'a' }], status: 'succeeded', error: null });
  });

  it('skips a fetch already under way (condition)', async () => {
    let calls = 0;
    const gate = deferred<{ items: Item[] }>();
    const { store, fetchItems } = setup(() => {
      calls += 1;
      return gate.promise;
    });

    const first = store.dispatch(fetchItems());
    const second = await store.dispatch(fetchItems());
    expect(second.meta).toMatchObject({ requestStatus: 'rejected', condition: true });
    expect(calls).toBe(1);

    gate.resolve({ items: [] });
    await first;
    await store.dispatch(fetchItems());
    expect(calls).toBe(2);
  });

  it("fails with the server's message, or the default when it has none", async () => {
    const withMessage = setup(() => Promise.reject(new ApiError(500, 'x', 'Disk full')));
    await withMessage.store.dispatch(withMessage.fetchItems());
    expect(withMessage.list()).toMatchObject({ status: 'failed', error: 'Disk full' });

    const withoutMessage = setup(() =>
      Promise.reject(new ApiError(500, 'x', 'Something went wrong')),
    );
    await withoutMessage.store.dispatch(withoutMessage.fetchItems());
    expect(withoutMessage.list()).toMatchObject({
      status: 'failed',
      error: 'Failed to fetch items',
    });
  });

  it('clears the list on failure when asked to, and keeps it otherwise', async () => {
    for (const clearOnFailure of [true, false]) {
      let fail = false;
      const { store, fetchItems, list } = setup(
        () => (fail ? Promise.reject(new Error('')) : Promise.resolve({ items: [{ id: 'a' }] })),
        clearOnFailure,
      );
      await store.dispatch(fetchItems());
      fail = true;
      await store.dispatch(fetchItems());
      expect(list().items).toHaveLength(clearOnFailure ? 0 : 1);
      expect(list().error).toBe('Failed to fetch items');
    }
  });

  it('drops a result that arrives after the slot was reset (logout during a fetch)', async () => {
    const gate = deferred<{ items: Item[] }>();
    const { store, fetchItems, list } = setup(() => gate.promise);

    const running = store.dispatch(fetchItems());
    store.dispatch(reset());
    gate.resolve({ items: [{ id: 'old-user' }] });
    await running;

    expect(list()).toEqual({ items: [], status: 'idle', error: null });
  });
});
