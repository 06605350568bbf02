import { createSlice } from '@reduxjs/toolkit';
import { checkoutRepoBranch, syncRepoById } from './repos-slice';

/** The task id of the sync or branch switch running on each repo (by repo id). */
export type RepoTasksState = Record<string, string>;

type State = { repoTasks: RepoTasksState };

/**
 * Which task follows each repo's running sync or branch switch, so its card can show the
 * progress. Kept beside the repos slice so the repo list keeps the shape of every other list.
 */
export const repoTasksSlice = createSlice({
  name: 'repoTasks',
  initialState: {} as RepoTasksState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(syncRepoById.pending, (state, action) => {
        state[action.meta.arg] = action.meta.requestId;
      })
      .addCase(checkoutRepoBranch.pending, (state, action) => {
        state[action.meta.arg.repoId] = action.meta.requestId;
      })
      .addMatcher(
        (action) =>
          syncRepoById.fulfilled.match(action) ||
          syncRepoById.rejected.match(action) ||
          checkoutRepoBranch.fulfilled.match(action) ||
          checkoutRepoBranch.rejected.match(action),
        (state, action) => {
          const arg = action.meta.arg;
          const repoId = typeof arg === 'string' ? arg : arg.repoId;
          if (state[repoId] === action.meta.requestId) delete state[repoId];
        },
      );
  },
});

export const repoTasksReducer = repoTasksSlice.reducer;

/** The task id of the sync or branch switch running on `repoId`, or null. */
export const selectRepoTaskId = (state: State, repoId: string): string | null =>
  state.repoTasks[repoId] ?? null;
