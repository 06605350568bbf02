import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { sessionReducer } from '@/features/auth/store/session-slice';

/** Every slice of the app. Later issues add profile, repos, compilations, subscription… */
export const rootReducer = combineReducers({
  session: sessionReducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** Creates the Redux store; the app makes one, each test its own. */
export function createAppStore(preloadedState?: Partial<RootState>) {
  return configureStore({ reducer: rootReducer, preloadedState });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
