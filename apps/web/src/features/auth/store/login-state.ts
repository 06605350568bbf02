import type { Dispatch } from '@reduxjs/toolkit';
import { getJwt, removeJwt, removePlanToken, setJwt } from '@/lib/cookies';
import { refreshSession } from '../api/refresh-session';
import { loggedIn, loggedOut } from './session-slice';

// One check per store: every caller during start-up shares the same promise (spec section 4).
const checks = new WeakMap<Dispatch, Promise<boolean>>();

async function runLoginCheck(dispatch: Dispatch): Promise<boolean> {
  if (!getJwt()) {
    dispatch(loggedOut());
    return false;
  }
  try {
    const response = await refreshSession();
    if (response?.token) setJwt(response.token);
    dispatch(loggedIn());
    return true;
  } catch (error) {
    console.error('Session refresh failed; continuing as logged out.', error);
    dispatch(loggedOut());
    return false;
  }
}

/**
 * Runs the start-up login-state check once per store and shares it: with a `jwt` cookie the
 * session is refreshed (the cookie replaced when a new token comes back); no cookie or any
 * failure means logged out. Resolves with the result of that one check; read the store for
 * the current state, which later log-ins and log-outs change.
 */
export function checkLoginState(dispatch: Dispatch): Promise<boolean> {
  let check = checks.get(dispatch);
  if (!check) {
    check = runLoginCheck(dispatch);
    checks.set(dispatch, check);
  }
  return check;
}

/**
 * Logs out in this browser: deletes the credential (and the plan token that belongs to it),
 * sets logged-in to false and clears the login method.
 */
export function logout(dispatch: Dispatch): void {
  removeJwt();
  removePlanToken();
  dispatch(loggedOut());
}
