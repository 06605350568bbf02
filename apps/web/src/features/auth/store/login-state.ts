import type { Dispatch } from '@reduxjs/toolkit';
import type { SessionResponse } from '@codedocs/contract';
import { getJwt, removeJwt, removePlanToken, setJwt } from '@/lib/cookies';
import { endSession } from '../api/end-session';
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

// Where to go after a login whose destination is not in the address (the OAuth callback gets
// it from the server), per store; every new session replaces it.
const destinations = new WeakMap<Dispatch, string>();

/**
 * Starts the session a login, verification, OAuth callback or password change answered with:
 * stores the token in the `jwt` cookie and marks the visitor logged in with the login method,
 * so the /auth guard and the shell agree right away. `next` is where the /auth guard should
 * send the visitor when the address has no `next` of its own.
 */
export function startSession(
  dispatch: Dispatch,
  session: SessionResponse,
  next?: string | null,
): void {
  setJwt(session.token);
  if (next) destinations.set(dispatch, next);
  else destinations.delete(dispatch);
  dispatch(loggedIn(session.user.login_method));
}

/** The destination given to the last startSession of this store, if any (not yet checked). */
export function destinationAfterLogin(dispatch: Dispatch): string | undefined {
  return destinations.get(dispatch);
}

/** Options of logout. */
export interface LogoutOptions {
  /** Tell the server to revoke the session first (default); off when it is already gone. */
  notifyServer?: boolean;
}

/**
 * Logs out: asks the server to revoke the session (`POST /api/v1/auth/logout`, best effort,
 * started before the cookie goes), deletes the credential and the plan token that belongs to
 * it, sets logged-in to false and clears the login method. The local part happens at once;
 * the returned promise settles (never rejects) when the server call does.
 */
export function logout(
  dispatch: Dispatch,
  { notifyServer = true }: LogoutOptions = {},
): Promise<void> {
  const serverCall =
    notifyServer && getJwt()
      ? endSession().catch((error: unknown) => {
          console.warn(
            'The server did not confirm the logout; the session ends here anyway.',
            error,
          );
        })
      : Promise.resolve();
  removeJwt();
  removePlanToken();
  dispatch(loggedOut());
  return serverCall;
}
