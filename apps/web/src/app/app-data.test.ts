import Cookies from 'js-cookie';
import { afterEach, describe, expect, it } from 'vitest';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { loggedIn, loggedOut } from '@/features/auth/store/session-slice';
import { fetchRepos } from '@/features/repos/store/repos-slice';
import { calledRoutes, defaultApiRoutes, routeRequests, type ApiRoutes } from '@/test/api-routes';
import { jsonResponse, stubFetch } from '@/test/fetch-stub';
import { testProfile, testSubscription } from '@/test/fixtures';
import { endSessionOnUnauthorized, loadAppData } from './app-data';
import { createAppStore } from './store';

const LIST_CALLS = [
  'GET /api/v0/user',
  'GET /api/v0/repo',
  'GET /api/v0/compilation/metadata',
  'GET /api/v2/payments/subscription',
];

function setup(api: ApiRoutes = {}) {
  Cookies.set('jwt', 'session-token');
  const fetchMock = stubFetch(routeRequests({ ...defaultApiRoutes, ...api }));
  const store = createAppStore();
  store.dispatch(loggedIn('password'));
  return { store, fetchMock };
}

const failing =
  (status = 500) =>
  () =>
    jsonResponse({ statusCode: status, code: 'internal_error', message: '' }, status);

describe('entering /app (loadAppData)', () => {
  it('starts with every list idle and fetches each of them once', async () => {
    const { store, fetchMock } = setup();
    const state = store.getState();
    expect(
      [state.profile, state.repos, state.compilations, state.subscription].map((s) => s.status),
    ).toEqual(['idle', 'idle', 'idle', 'idle']);

    await expect(loadAppData(store)).resolves.toBeNull();

    expect(calledRoutes(fetchMock).sort()).toEqual([...LIST_CALLS].sort());
    const loaded = store.getState();
    expect(loaded.profile).toMatchObject({ status: 'succeeded', data: testProfile });
    expect(loaded.repos).toMatchObject({ status: 'succeeded', items: [] });
    expect(loaded.compilations).toMatchObject({ status: 'succeeded', items: [] });
    expect(loaded.subscription.status).toBe('succeeded');
  });

  it('sends the bearer credential with every list call', async () => {
    const { store, fetchMock } = setup();
    await loadAppData(store);
    for (const [, init] of fetchMock.mock.calls) {
      expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer session-token');
    }
  });

  it('fetches only the lists that are still idle', async () => {
    const { store, fetchMock } = setup();
    await store.dispatch(fetchRepos());
    fetchMock.mockClear();

    await loadAppData(store);

    expect(calledRoutes(fetchMock)).not.toContain('GET /api/v0/repo');
    expect(calledRoutes(fetchMock)).toHaveLength(3);

    fetchMock.mockClear();
    await expect(loadAppData(store)).resolves.toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('does not repeat a fetch under way: a second entry waits for it and sees its failure', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { store, fetchMock } = setup({
      'GET /api/v0/user': async () => {
        await gate;
        return failing()();
      },
    });

    const first = loadAppData(store);
    const second = loadAppData(store);
    release();

    const results = await Promise.all([first, second]);
    expect(calledRoutes(fetchMock).filter((call) => call === 'GET /api/v0/user')).toHaveLength(1);
    expect(results).toEqual([
      { messages: ['Failed to fetch user profile'] },
      { messages: ['Failed to fetch user profile'] },
    ]);
  });

  it('returns a failure as its result with the spec default messages, verbatim', async () => {
    const { store } = setup({
      'GET /api/v0/user': failing(),
      'GET /api/v0/repo': failing(),
      'GET /api/v0/compilation/metadata': failing(),
      'GET /api/v2/payments/subscription': failing(),
    });

    await expect(loadAppData(store)).resolves.toEqual({
      messages: [
        'Failed to fetch user profile',
        'Failed to fetch repos',
        'Error fetching compilations',
        'Failed to fetch subscription data',
      ],
    });
    expect(store.getState().profile).toMatchObject({
      status: 'failed',
      error: 'Failed to fetch user profile',
    });
    expect(store.getState().subscription).toMatchObject({
      status: 'failed',
      error: 'Failed to fetch subscription data',
    });
  });

  it("prefers the server's own message when it gives one", async () => {
    const { store } = setup({
      'GET /api/v0/repo': () =>
        jsonResponse({ statusCode: 503, code: 'x', message: 'Database is starting' }, 503),
    });
    await expect(loadAppData(store)).resolves.toEqual({ messages: ['Database is starting'] });
  });

  it('copies the plan into the subscription store and keeps the jwt in the ps cookie', async () => {
    const { store } = setup({
      'GET /api/v2/payments/subscription': () =>
        jsonResponse({ ...testSubscription, plan: 'pro', jwt: 'signed-plan-token' }),
    });

    await loadAppData(store);

    expect(store.getState().subscriptionPlan).toEqual({ plan: 'pro' });
    expect(Cookies.get('ps')).toBe('signed-plan-token');
    expect(store.getState().subscription.data).toMatchObject({ plan: 'pro', status: 'active' });
    expect(store.getState().subscription.data).not.toHaveProperty('jwt');
  });

  it('fills in the login method from the profile after a page reload', async () => {
    const { store } = setup({
      'GET /api/v0/user': () => jsonResponse({ ...testProfile, login_method: 'github' }),
    });
    store.dispatch(loggedOut());
    store.dispatch(loggedIn());
    await loadAppData(store);
    expect(store.getState().session.loginMethod).toBe('github');
  });
});

describe('logging out', () => {
  it('returns profile, repos, compilations, subscription and the plan to idle and empty', async () => {
    const { store } = setup();
    await loadAppData(store);

    store.dispatch(loggedOut());

    const state = store.getState();
    expect(state.profile).toEqual({ status: 'idle', error: null, data: null });
    expect(state.repos).toEqual({ status: 'idle', error: null, items: [] });
    expect(state.compilations).toMatchObject({
      status: 'idle',
      error: null,
      items: [],
      selectedObjectIds: [],
    });
    expect(state.compilations.objects).toMatchObject({ compilationId: null, items: [] });
    expect(state.subscription).toEqual({ status: 'idle', error: null, data: null });
    expect(state.subscriptionPlan).toEqual({ plan: null });
    expect(state.session).toEqual({ loggedIn: false, loginMethod: null });
  });
});

describe('a session the server ended', () => {
  afterEach(() => setUnauthorizedHandler(null));

  it('logs out when a list call with the credential answers 401, without calling the server', async () => {
    const { store, fetchMock } = setup({ 'GET /api/v0/repo': failing(401) });
    endSessionOnUnauthorized(store);

    await loadAppData(store);

    expect(store.getState().session).toEqual({ loggedIn: false, loginMethod: null });
    expect(Cookies.get('jwt')).toBeUndefined();
    expect(calledRoutes(fetchMock)).not.toContain('POST /api/v1/auth/logout');
  });
});
