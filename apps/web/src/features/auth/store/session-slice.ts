import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** How the visitor signed in; the accounts feature defines the values. */
export type LoginMethod = string;

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
    loggedIn(state, action: PayloadAction<LoginMethod | undefined>) {
      state.loggedIn = true;
      if (action.payload !== undefined) state.loginMethod = action.payload;
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
