import { createSlice } from '@reduxjs/toolkit';
import { ERROR_FETCHING_COMPILATIONS } from '@codedocs/contract';
import { addListCases, createListState, createLoadThunk, type ListState } from '@/lib/load-status';
import {
  getCompilations,
  type CompilationMetadata,
  type CompilationMetadataResponse,
} from '../api/get-compilations';

/** The compilation list with its load status; starts idle. */
export type CompilationsState = ListState<CompilationMetadata>;

type State = { compilations: CompilationsState };

/** Loads `GET /api/v0/compilation/metadata`; skipped while a fetch is under way. */
export const fetchCompilations = createLoadThunk<CompilationMetadataResponse, void, State>(
  'compilations/fetch',
  {
    load: (_arg, signal) => getCompilations(signal),
    selectLoadState: (state) => state.compilations,
    defaultMessage: ERROR_FETCHING_COMPILATIONS,
  },
);

export const compilationsSlice = createSlice({
  name: 'compilations',
  initialState: createListState<CompilationMetadata>(),
  reducers: {},
  extraReducers: (builder) => {
    addListCases<CompilationsState, CompilationMetadata, CompilationMetadataResponse, void, State>(
      builder,
      fetchCompilations,
      (state) => state,
      (payload) => payload?.metadata ?? [],
    );
  },
});

export const compilationsReducer = compilationsSlice.reducer;

/** Selects the compilation list state. */
export const selectCompilationsState = (state: State): CompilationsState => state.compilations;
