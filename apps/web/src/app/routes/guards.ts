import { redirect, type LoaderFunctionArgs } from 'react-router';
import { checkLoginState } from '@/features/auth/store/login-state';
import { selectLoggedIn } from '@/features/auth/store/session-slice';
import { loginPathWithNext, nextPathFrom } from '@/lib/next-path';
import { loadAppData } from '../app-data';
import type { AppStore } from '../store';

/**
 * Loader of /app: awaits the shared login-state check and sends logged-out visitors to
 * /auth/login, keeping the path they asked for in `next`. Then it loads every idle list of
 * spec section 4 and returns a failure as its result (null when all went well).
 */
export function createRequireSessionLoader(store: AppStore) {
  return async ({ request }: LoaderFunctionArgs) => {
    await checkLoginState(store.dispatch);
    if (!selectLoggedIn(store.getState())) {
      const url = new URL(request.url);
      throw redirect(loginPathWithNext(`${url.pathname}${url.search}`));
    }
    return loadAppData(store);
  };
}

/**
 * Loader of /auth: runs the shared login-state check before the area shows and sends
 * logged-in visitors on to `next` (inside /app) or /app.
 */
export function createGuestOnlyLoader(store: AppStore) {
  return async ({ request }: LoaderFunctionArgs) => {
    await checkLoginState(store.dispatch);
    if (selectLoggedIn(store.getState())) {
      throw redirect(nextPathFrom(new URL(request.url).searchParams));
    }
    return null;
  };
}

/**
 * Loader of pages open to everyone that differ for logged-in visitors (the invitation page):
 * awaits the shared login-state check, so the page reads a settled session.
 */
export function createLoginStateLoader(store: AppStore) {
  return async () => {
    await checkLoginState(store.dispatch);
    return null;
  };
}
