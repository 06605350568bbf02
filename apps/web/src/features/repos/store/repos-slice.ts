import { createSlice } from '@reduxjs/toolkit';
import { FAILED_TO_FETCH_REPOS } from '@codedocs/contract';
import { addListCases, createListState, createLoadThunk, type ListState } from '@/lib/load-status';
import { getRepos, type Repo, type RepoListResponse } from '../api/get-repos';

/** The repository list with its load status; starts idle. */
export type ReposState = ListState<Repo>;

type State = { repos: ReposState };

/** Loads `GET /api/v0/repo`; skipped while a fetch is under way. */
export const fetchRepos = createLoadThunk<RepoListResponse, void, State>('repos/fetch', {
  load: (_arg, signal) => getRepos(signal),
  selectLoadState: (state) => state.repos,
  defaultMessage: FAILED_TO_FETCH_REPOS,
});

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
  },
});

export const reposReducer = reposSlice.reducer;

/** Selects the repository list state. */
export const selectReposState = (state: State): ReposState => state.repos;
