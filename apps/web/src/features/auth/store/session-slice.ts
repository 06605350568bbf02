import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { LoginMethod } from '@codedocs/contract';

export type { LoginMethod };

/** Payload of `loggedIn`: the login method, alone or as `{loginMethod}`, or nothing (unknown). */
export type LoggedInPayload = LoginMethod | { loginMethod?: LoginMethod | null } | undefined;

/** Session state of spec section 3: a logged-in flag and a login method. */
export interface SessionState {
  loggedIn: boolean;
  loginMethod: LoginMethod | null;
}

const initialState: SessionState = { loggedIn: false, loginMethod: null };

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    loggedIn(state, action: PayloadAction<LoggedInPayload>) {
      state.loggedIn = true;
      const method =
        typeof action.payload === 'object' ? action.payload.loginMethod : action.payload;
      if (method) state.loginMethod = method;
    },
    loggedOut(state) {
      state.loggedIn = false;
      state.loginMethod = null;
    },
  },
});

export const { loggedIn, loggedOut } = sessionSlice.actions;
export const sessionReducer = sessionSlice.reducer;

/** Selects whether the visitor is logged in. */
export const selectLoggedIn = (state: { session: SessionState }): boolean => state.session.loggedIn;

/** Selects the login method, null when unknown or logged out. */
export const selectLoginMethod = (state: { session: SessionState }): LoginMethod | null =>
  state.session.loginMethod;
