import { configureStore } from '@reduxjs/toolkit';
import Cookies from 'js-cookie';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, requestHeaders, stubFetch } from '@/test/fetch-stub';
import { sessionAnswer } from '@/test/fixtures';
import { checkLoginState, logout, startSession } from './login-state';
import { loggedIn, sessionReducer } from './session-slice';

function makeStore() {
  return configureStore({ reducer: { session: sessionReducer } });
}

describe('session slice', () => {
  it('starts logged out with no login method', () => {
    expect(makeStore().getState().session).toEqual({ loggedIn: false, loginMethod: null });
  });

  it('takes the login method alone or as {loginMethod}', () => {
    const store = makeStore();
    store.dispatch(loggedIn({ loginMethod: 'github' }));
    expect(store.getState().session).toEqual({ loggedIn: true, loginMethod: 'github' });
    store.dispatch(loggedIn('oidc'));
    expect(store.getState().session.loginMethod).toBe('oidc');
    store.dispatch(loggedIn());
    expect(store.getState().session.loginMethod).toBe('oidc');
  });
});

describe('startSession', () => {
  it('stores the token in the jwt cookie and logs in with the login method', () => {
    const store = makeStore();
    startSession(store.dispatch, sessionAnswer('new-session', 'github'));
    expect(Cookies.get('jwt')).toBe('new-session');
    expect(store.getState().session).toEqual({ loggedIn: true, loginMethod: 'github' });
  });
});

describe('checkLoginState', () => {
  it('refreshes once for concurrent callers and shares the result', async () => {
    Cookies.set('jwt', 'old-token');
    const fetchMock = stubFetch(() => jsonResponse({ token: 'new-token' }));
    const store = makeStore();

    const results = await Promise.all([
      checkLoginState(store.dispatch),
      checkLoginState(store.dispatch),
      checkLoginState(store.dispatch),
    ]);

    expect(results).toEqual([true, true, true]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await checkLoginState(store.dispatch);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('calls GET /api/v1/auth/refresh with the bearer credential and cookies included', async () => {
    Cookies.set('jwt', 'old-token');
    const fetchMock = stubFetch(() => jsonResponse({ token: 'new-token' }));

    await checkLoginState(makeStore().dispatch);

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/auth/refresh');
    expect(init?.method).toBe('GET');
    expect(init?.credentials).toBe('include');
    expect(requestHeaders(fetchMock).get('Authorization')).toBe('Bearer old-token');
  });

  it('logs in and replaces the cookie with the returned token', async () => {
    Cookies.set('jwt', 'old-token');
    stubFetch(() => jsonResponse({ token: 'new-token' }));
    const store = makeStore();

    await checkLoginState(store.dispatch);

    expect(store.getState().session.loggedIn).toBe(true);
    expect(Cookies.get('jwt')).toBe('new-token');
  });

  it('keeps the cookie when the refresh returns no token', async () => {
    Cookies.set('jwt', 'old-token');
    stubFetch(() => jsonResponse({}));
    const store = makeStore();

    await checkLoginState(store.dispatch);

    expect(store.getState().session.loggedIn).toBe(true);
    expect(Cookies.get('jwt')).toBe('old-token');
  });

  it('stays logged out without a request when there is no cookie', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ token: 'never' }));
    const store = makeStore();

    await expect(checkLoginState(store.dispatch)).resolves.toBe(false);

    expect(fetchMock).not.toHaveBeenCalled();
    expect(store.getState().session.loggedIn).toBe(false);
  });

  it.each([
    [
      'the endpoint is missing (404)',
      () => jsonResponse({ statusCode: 404, message: 'Not Found' }, 404),
    ],
    [
      'the token is rejected (401)',
      () => jsonResponse({ statusCode: 401, code: 'unauthorized' }, 401),
    ],
    [
      'the server cannot be reached',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ])('treats a failed refresh as logged out and logs it when %s', async (_case, respond) => {
    Cookies.set('jwt', 'old-token');
    stubFetch(respond);
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const store = makeStore();
    store.dispatch(loggedIn('password'));

    await expect(checkLoginState(store.dispatch)).resolves.toBe(false);

    expect(store.getState().session).toEqual({ loggedIn: false, loginMethod: null });
    expect(consoleError).toHaveBeenCalledTimes(1);
  });
});

describe('logout', () => {
  it('deletes the cookie, sets logged-in to false and clears the login method', async () => {
    Cookies.set('jwt', 'token');
    Cookies.set('ps', 'plan-token');
    stubFetch(() => new Response(null, { status: 204 }));
    const store = makeStore();
    store.dispatch(loggedIn('password'));
    expect(store.getState().session).toEqual({ loggedIn: true, loginMethod: 'password' });

    const done = logout(store.dispatch);

    expect(Cookies.get('jwt')).toBeUndefined();
    expect(Cookies.get('ps')).toBeUndefined();
    expect(store.getState().session).toEqual({ loggedIn: false, loginMethod: null });
    await done;
  });

  it('calls POST /api/v1/auth/logout with the credential before the cookie goes', async () => {
    Cookies.set('jwt', 'token');
    const fetchMock = stubFetch(() => new Response(null, { status: 204 }));

    await logout(makeStore().dispatch);

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/auth/logout');
    expect(init?.method).toBe('POST');
    expect(requestHeaders(fetchMock).get('Authorization')).toBe('Bearer token');
  });

  it('logs out locally even when the server call fails (best effort)', async () => {
    Cookies.set('jwt', 'token');
    stubFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const store = makeStore();
    store.dispatch(loggedIn('password'));

    await expect(logout(store.dispatch)).resolves.toBeUndefined();

    expect(Cookies.get('jwt')).toBeUndefined();
    expect(store.getState().session.loggedIn).toBe(false);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('skips the server call when told the session is already gone', async () => {
    Cookies.set('jwt', 'token');
    const fetchMock = stubFetch(() => new Response(null, { status: 204 }));
    await logout(makeStore().dispatch, { notifyServer: false });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(Cookies.get('jwt')).toBeUndefined();
  });
});
