import { loggedIn, selectLoginMethod } from '@/features/auth/store/session-slice';
import { fetchCompilations } from '@/features/compilations/store/compilations-slice';
import { fetchProfile } from '@/features/profile/store/profile-slice';
import { fetchRepos } from '@/features/repos/store/repos-slice';
import { fetchSubscription } from '@/features/subscription/store/subscription-slice';
import { SOMETHING_WENT_WRONG } from '@codedocs/contract';
import { logout, type LogoutOptions } from '@/features/auth/store/login-state';
import { setUnauthorizedHandler } from '@/lib/api-client';
import type { LoadState } from '@/lib/load-status';
import type { AppStore, RootState } from './store';

/** What the /app loader returns when loading failed (spec section 8: returned, not thrown). */
export interface AppDataFailure {
  /** One message per list that failed, e.g. "Failed to fetch user profile". */
  messages: string[];
}

type Running = Promise<unknown> & { abort: (reason?: string) => void };

interface Loadable {
  key: string;
  select: (state: RootState) => LoadState;
  start: (store: AppStore) => Running;
}

/** The lists loaded on entering /app (spec section 4), in the order their errors are shown. */
const APP_DATA: readonly Loadable[] = [
  { key: 'profile', select: (s) => s.profile, start: (store) => store.dispatch(fetchProfile()) },
  { key: 'repos', select: (s) => s.repos, start: (store) => store.dispatch(fetchRepos()) },
  {
    key: 'compilations',
    select: (s) => s.compilations,
    start: (store) => store.dispatch(fetchCompilations()),
  },
  {
    key: 'subscription',
    select: (s) => s.subscription,
    start: (store) => store.dispatch(fetchSubscription()),
  },
];

// Fetches started here, per store and list, so a second loader run (an interrupted navigation)
// waits for them instead of missing their failure, and a logout can abort them.
const running = new WeakMap<AppStore, Map<string, Running>>();

function runningFor(store: AppStore): Map<string, Running> {
  let map = running.get(store);
  if (!map) {
    map = new Map();
    running.set(store, map);
  }
  return map;
}

async function load(store: AppStore, which: (status: LoadState['status']) => boolean) {
  const inFlight = runningFor(store);
  const waits: Promise<unknown>[] = [];
  for (const item of APP_DATA) {
    const { status } = item.select(store.getState());
    if (which(status)) {
      const promise = item.start(store);
      inFlight.set(item.key, promise);
      waits.push(
        promise.finally(() => inFlight.get(item.key) === promise && inFlight.delete(item.key)),
      );
    } else if (status === 'loading' && inFlight.has(item.key)) {
      waits.push(inFlight.get(item.key)!.catch(() => undefined));
    }
  }
  await Promise.all(waits);

  const state = store.getState();
  const profile = state.profile.data;
  if (profile && !selectLoginMethod(state)) store.dispatch(loggedIn(profile.login_method));

  const messages = APP_DATA.map((item) => item.select(state))
    .filter((slot) => slot.status === 'failed')
    .map((slot) => slot.error ?? SOMETHING_WENT_WRONG);
  return messages.length > 0 ? { messages } : null;
}

/**
 * Entering /app: fetches each of profile, repos, compilations and subscription whose status is
 * idle (and waits for those already under way). Resolves with the failures, or null.
 */
export function loadAppData(store: AppStore): Promise<AppDataFailure | null> {
  return load(store, (status) => status === 'idle');
}

/** Fetches again every list whose last load failed; resolves like loadAppData. */
export function retryFailedAppData(store: AppStore): Promise<AppDataFailure | null> {
  return load(store, (status) => status === 'failed');
}

/** Aborts the fetches loadAppData started (on logout), so no late answer lands in the store. */
export function abortAppData(store: AppStore): void {
  const inFlight = runningFor(store);
  for (const promise of inFlight.values()) promise.abort('Logged out');
  inFlight.clear();
}

/**
 * Logs out of the app: aborts the /app loads still running, then logs out (server call,
 * cookies, session), which resets every list to idle.
 */
export function endAppSession(store: AppStore, options?: LogoutOptions): Promise<void> {
  abortAppData(store);
  return logout(store.dispatch, options);
}

/**
 * A 401 to a call that carried the credential means the server ended the session (expired,
 * revoked, signed out elsewhere): log out here too, without calling the server, so the protected
 * route shows the login screen instead of every screen failing on its own.
 */
export function endSessionOnUnauthorized(store: AppStore): void {
  setUnauthorizedHandler(() => {
    if (store.getState().session.loggedIn) void endAppSession(store, { notifyServer: false });
  });
}
