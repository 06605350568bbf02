import { combineReducers, configureStore, type UnknownAction } from '@reduxjs/toolkit';
import { loggedOut, sessionReducer } from '@/features/auth/store/session-slice';
import { compilationsReducer } from '@/features/compilations/store/compilations-slice';
import { filesReducer } from '@/features/files/store/files-slice';
import { livedocsReducer } from '@/features/livedocs/store/livedocs-slice';
import { profileReducer } from '@/features/profile/store/profile-slice';
import { repoConnectionsReducer } from '@/features/repos/store/connecting-slice';
import { repoTasksReducer } from '@/features/repos/store/repo-tasks-slice';
import { reposReducer } from '@/features/repos/store/repos-slice';
import { sshKeysReducer } from '@/features/ssh-keys/store/ssh-keys-slice';
import { staticdocsReducer } from '@/features/staticdocs/store/staticdocs-slice';
import {
  subscriptionPlanReducer,
  subscriptionReducer,
} from '@/features/subscription/store/subscription-slice';

/** Every slice of the app. */
const appReducer = combineReducers({
  session: sessionReducer,
  profile: profileReducer,
  repos: reposReducer,
  repoConnections: repoConnectionsReducer,
  repoTasks: repoTasksReducer,
  sshKeys: sshKeysReducer,
  compilations: compilationsReducer,
  files: filesReducer,
  livedocs: livedocsReducer,
  staticdocs: staticdocsReducer,
  subscription: subscriptionReducer,
  subscriptionPlan: subscriptionPlanReducer,
});

export type RootState = ReturnType<typeof appReducer>;

/**
 * The root reducer. Logging out returns every slice to its initial state (the lists to idle),
 * so another user signing in on the same tab never sees the previous user's data.
 */
export function rootReducer(
  state: Partial<RootState> | undefined,
  action: UnknownAction,
): RootState {
  return appReducer(loggedOut.match(action) ? undefined : state, action);
}

/** Creates the Redux store; the app makes one, each test its own. */
export function createAppStore(preloadedState?: Partial<RootState>) {
  return configureStore({ reducer: rootReducer, preloadedState });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
