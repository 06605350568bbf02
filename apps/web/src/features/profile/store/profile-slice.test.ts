import { configureStore } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '@/test/fetch-stub';
import { testProfile } from '@/test/fixtures';
import { fetchProfile, profileReducer, profileUpdated } from './profile-slice';

function makeStore() {
  return configureStore({ reducer: { profile: profileReducer } });
}

describe('profile slice', () => {
  it('loads GET /api/v0/user once while a fetch is under way', async () => {
    const fetchMock = stubFetch(() => jsonResponse(testProfile));
    const store = makeStore();
    expect(store.getState().profile.status).toBe('idle');

    await Promise.all([store.dispatch(fetchProfile()), store.dispatch(fetchProfile())]);

    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v0/user');
    expect(store.getState().profile).toEqual({
      status: 'succeeded',
      error: null,
      data: testProfile,
    });
  });

  it('fails with "Failed to fetch user profile" when the failure carries no message', async () => {
    stubFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const store = makeStore();
    await store.dispatch(fetchProfile());
    // No answer at all is its own message (spec section 8); a bare 5xx gets the default.
    expect(store.getState().profile.error).toBe('No response from server');

    stubFetch(() => new Response(null, { status: 500 }));
    await store.dispatch(fetchProfile());
    expect(store.getState().profile).toMatchObject({
      status: 'failed',
      error: 'Failed to fetch user profile',
    });
  });

  it('takes the profile a save answered with', () => {
    const store = makeStore();
    store.dispatch(profileUpdated({ ...testProfile, name: 'New name' }));
    expect(store.getState().profile.data?.name).toBe('New name');
  });
});
