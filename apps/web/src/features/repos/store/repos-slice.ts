import { createAsyncThunk, createSlice, type Draft } from '@reduxjs/toolkit';
import {
  FAILED_TO_DELETE_REPO,
  FAILED_TO_FETCH_REPOS,
  FAILED_TO_SYNC_REPO,
  REPO_CLIENT_STATUSES,
  type RepoClientStatus,
} from '@codedocs/contract';
import { addListCases, createListState, createLoadThunk, type ListState } from '@/lib/load-status';
import { getRepos, type Repo, type RepoListResponse } from '../api/get-repos';
import { checkoutRepo, deleteRepo, syncRepo } from '../api/repo-calls';
import { toRepoFailure, type RepoFailure } from './repo-failure';
import { newTaskId } from './task-id';

export { connectRepository } from './connecting-slice';
export type { RepoFailure } from './repo-failure';

/**
 * The repository list with its load status; starts idle. Each repo's `status` is its client
 * status (spec section 4) and `error` why it is in `error`.
 */
export type ReposState = ListState<Repo>;

type State = { repos: ReposState };

type RepoThunkConfig = { state: State; rejectValue: RepoFailure };

/** HTTP status of a sync whose remote had nothing new. */
export const NOTHING_NEW_STATUS = 304;

/** Loads `GET /api/v0/repo`; skipped while a fetch is under way. */
export const fetchRepos = createLoadThunk<RepoListResponse, void, State>('repos/fetch', {
  load: (_arg, signal) => getRepos(signal),
  selectLoadState: (state) => state.repos,
  defaultMessage: FAILED_TO_FETCH_REPOS,
});

/**
 * Loads the list again without showing it as loading and without being skipped by a fetch under
 * way (that one may have started before a new repo existed): used after a connect finished.
 */
export const refreshRepos = createAsyncThunk<RepoListResponse, void, RepoThunkConfig>(
  'repos/refresh',
  async (_arg, { signal, rejectWithValue }) => {
    try {
      return await getRepos(signal);
    } catch (error) {
      return rejectWithValue(toRepoFailure(error, FAILED_TO_FETCH_REPOS));
    }
  },
);

/**
 * `POST /api/v0/repo/sync`; rejects with status 304 when the remote has nothing new. The thunk's
 * request id is a UUID sent as the task id, so the sync's progress can be followed.
 */
export const syncRepoById = createAsyncThunk<Repo, string, RepoThunkConfig>(
  'repos/sync',
  async (repoId, { requestId, rejectWithValue }) => {
    try {
      return (await syncRepo(repoId, requestId)).repo;
    } catch (error) {
      return rejectWithValue(toRepoFailure(error, FAILED_TO_SYNC_REPO));
    }
  },
  { idGenerator: newTaskId },
);

/**
 * `POST /api/v0/repo/checkout`: switches the repo's branch; answers the updated repo. Like the
 * sync, its request id is sent as the task id.
 */
export const checkoutRepoBranch = createAsyncThunk<
  Repo,
  { repoId: string; branchName: string },
  RepoThunkConfig
>(
  'repos/checkout',
  async ({ repoId, branchName }, { requestId, rejectWithValue }) => {
    try {
      return (await checkoutRepo(repoId, branchName, requestId)).repo;
    } catch (error) {
      return rejectWithValue(toRepoFailure(error, FAILED_TO_SYNC_REPO));
    }
  },
  { idGenerator: newTaskId },
);

/** `DELETE /api/v0/repo/{id}`; resolves with the removed repo's id. */
export const deleteRepoById = createAsyncThunk<string, string, RepoThunkConfig>(
  'repos/delete',
  async (repoId, { rejectWithValue }) => {
    try {
      await deleteRepo(repoId);
      return repoId;
    } catch (error) {
      return rejectWithValue(toRepoFailure(error, FAILED_TO_DELETE_REPO));
    }
  },
);

function setStatus(
  state: Draft<ReposState>,
  repoId: string,
  status: RepoClientStatus,
  error: string | null = null,
) {
  const repo = state.items.find((item) => item.repo_id === repoId);
  if (!repo) return;
  repo.status = status;
  repo.error = error;
}

function replaceRepo(state: Draft<ReposState>, repoId: string, repo: Repo) {
  const index = state.items.findIndex((item) => item.repo_id === repoId);
  if (index >= 0) state.items[index] = { ...repo, status: 'connected', error: null };
}

export const reposSlice = createSlice({
  name: 'repos',
  initialState: createListState<Repo>(),
  reducers: {},
  extraReducers: (builder) => {
    addListCases<ReposState, Repo, RepoListResponse, void, State>(
      builder,
      fetchRepos,
      (state) => state,
      (payload) => payload?.repos ?? [],
    );
    builder
      .addCase(refreshRepos.fulfilled, (state, action) => {
        // A logout reset the list while the call ran: keep it empty.
        if (state.status === 'idle') return;
        state.items = action.payload.repos;
        state.status = 'succeeded';
        state.error = null;
      })
      .addCase(syncRepoById.pending, (state, action) => {
        setStatus(state, action.meta.arg, 'syncing');
      })
      .addCase(syncRepoById.fulfilled, (state, action) => {
        replaceRepo(state, action.meta.arg, action.payload);
      })
      .addCase(syncRepoById.rejected, (state, action) => {
        if (action.payload?.status === NOTHING_NEW_STATUS) {
          setStatus(state, action.meta.arg, 'connected');
        } else {
          const message = action.payload?.message ?? FAILED_TO_SYNC_REPO;
          setStatus(state, action.meta.arg, 'error', message);
        }
      })
      .addCase(checkoutRepoBranch.pending, (state, action) => {
        setStatus(state, action.meta.arg.repoId, 'syncing');
      })
      .addCase(checkoutRepoBranch.fulfilled, (state, action) => {
        replaceRepo(state, action.meta.arg.repoId, action.payload);
      })
      .addCase(checkoutRepoBranch.rejected, (state, action) => {
        const message = action.payload?.message ?? FAILED_TO_SYNC_REPO;
        setStatus(state, action.meta.arg.repoId, 'error', message);
      })
      .addCase(deleteRepoById.pending, (state, action) => {
        setStatus(state, action.meta.arg, 'deleting');
      })
      .addCase(deleteRepoById.fulfilled, (state, action) => {
        state.items = state.items.filter((item) => item.repo_id !== action.payload);
      })
      .addCase(deleteRepoById.rejected, (state, action) => {
        const message = action.payload?.message ?? FAILED_TO_DELETE_REPO;
        setStatus(state, action.meta.arg, 'error', message);
      });
  },
});

export const reposReducer = reposSlice.reducer;

/** Selects the repository list state. */
export const selectReposState = (state: State): ReposState => state.repos;

/** A repo's client status; a status the client does not know counts as connected. */
export function repoClientStatus(repo: Pick<Repo, 'status'>): RepoClientStatus {
  return (REPO_CLIENT_STATUSES as readonly string[]).includes(repo.status)
    ? (repo.status as RepoClientStatus)
    : 'connected';
}
