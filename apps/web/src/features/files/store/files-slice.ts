import { createAsyncThunk, createSlice, original, type Draft } from '@reduxjs/toolkit';
import {
  ERROR_FETCHING_FILE_CONTENT,
  ERROR_FETCHING_FILES,
  SERVER_ERROR,
  type FileContentJson,
} from '@codedocs/contract';
import { ApiError, failureMessage } from '@/lib/api-error';
import type { LoadStatus } from '@/lib/load-status';
import {
  getFileContent,
  getFilesPage,
  type FileJson,
  type FilesPage,
  type FilesPageParams,
} from '../api/files-calls';

/** A file of the list; `content` is added once it was fetched (spec section 3). */
export interface FileEntry extends FileJson {
  content?: string;
}

/** Which files the list shows: everything that changes the answer except the page position. */
export interface FilesQuery {
  repoId: string;
  commitId?: string;
  q?: string;
  extension?: string;
}

/** Argument of fetchFilesPage: the query plus where to continue (none: the first page). */
export interface FilesPageArg extends FilesQuery {
  paginationToken?: string | null;
  limit?: number;
}

/** An extension of the commit with its file count (first page only). */
export interface ExtensionCount {
  extension: string;
  count: number;
}

/** The file shown in the viewer and the state of its content. */
export interface OpenFileState {
  fileId: string | null;
  status: LoadStatus;
  error: string | null;
  /** HTTP status of a failed content fetch (spec section 8), e.g. 415 for a binary file. */
  httpStatus: number | null;
  data: FileContentJson | null;
}

/** The files list with its load status (spec section 4) and the open file. */
export interface FilesState {
  status: LoadStatus;
  error: string | null;
  items: FileEntry[];
  /** Key of the query the items belong to (filesQueryKey). */
  queryKey: string | null;
  /** Token of the next page; null when every page is loaded (or nothing is). */
  paginationToken: string | null;
  /** Files matching the query, all pages together. */
  total: number;
  /** Commit the list was read at. */
  commitId: string | null;
  extensions: ExtensionCount[];
  /** Repo the extensions belong to. */
  extensionsRepoId: string | null;
  /** Request id and key (query + page) of the fetch under way, to drop stale answers. */
  requestId: string | null;
  requestKey: string | null;
  openFile: OpenFileState;
}

/** A failed content fetch: the message to show and the HTTP status (spec section 8). */
export interface FileContentFailure {
  message: string;
  status: number;
}

type State = { files: FilesState };

/** A stable key for a query; two fetches with the same key answer the same list. */
export function filesQueryKey(query: FilesQuery): string {
  return JSON.stringify([query.repoId, query.commitId ?? '', query.q ?? '', query.extension ?? '']);
}

function requestKeyOf(arg: FilesPageArg): string {
  return `${filesQueryKey(arg)}#${arg.paginationToken ?? ''}`;
}

function toParams(arg: FilesPageArg): FilesPageParams {
  const params: FilesPageParams = {};
  if (arg.paginationToken) params.pagination_token = arg.paginationToken;
  if (arg.limit) params.limit = arg.limit;
  if (arg.commitId) params.commit_id = arg.commitId;
  if (arg.q) params.q = arg.q;
  if (arg.extension !== undefined) params.extension = arg.extension;
  return params;
}

/**
 * Loads one page of `GET /api/v3/repo/files/{repo_id}`: without a token the first page (it
 * replaces the list), with one the next page (appended). A fetch already under way for the same
 * query and page is not repeated; a null answer is rejected with "Server Error".
 */
export const fetchFilesPage = createAsyncThunk<
  FilesPage,
  FilesPageArg,
  { state: State; rejectValue: string }
>(
  'files/fetchPage',
  async (arg, { signal, rejectWithValue }) => {
    try {
      const page = await getFilesPage(arg.repoId, toParams(arg), signal);
      if (!page || !Array.isArray(page.files)) return rejectWithValue(SERVER_ERROR);
      return page;
    } catch (error) {
      return rejectWithValue(failureMessage(error, ERROR_FETCHING_FILES));
    }
  },
  {
    condition: (arg, { getState }) => {
      const { files } = getState();
      return !(files.status === 'loading' && files.requestKey === requestKeyOf(arg));
    },
  },
);

/** Argument of fetchFileContent. */
export interface FileContentArg {
  repoId: string;
  fileId: string;
  commitId?: string;
}

/**
 * Loads `GET /api/v0/file/content/{repo_id}` into the viewer; a failure keeps its HTTP status
 * (415: binary file). A fetch of the same file already under way is not repeated.
 */
export const fetchFileContent = createAsyncThunk<
  FileContentJson,
  FileContentArg,
  { state: State; rejectValue: FileContentFailure }
>(
  'files/fetchContent',
  async ({ repoId, fileId, commitId }, { signal, rejectWithValue }) => {
    try {
      return await getFileContent(repoId, fileId, commitId, signal);
    } catch (error) {
      const status = error instanceof ApiError ? error.status : -1;
      return rejectWithValue({
        message: failureMessage(error, ERROR_FETCHING_FILE_CONTENT),
        status,
      });
    }
  },
  {
    condition: ({ fileId }, { getState }) => {
      const { openFile } = getState().files;
      return !(openFile.status === 'loading' && openFile.fileId === fileId);
    },
  },
);

function createOpenFileState(): OpenFileState {
  return { fileId: null, status: 'idle', error: null, httpStatus: null, data: null };
}

function createFilesState(): FilesState {
  return {
    status: 'idle',
    error: null,
    items: [],
    queryKey: null,
    paginationToken: null,
    total: 0,
    commitId: null,
    extensions: [],
    extensionsRepoId: null,
    requestId: null,
    requestKey: null,
    openFile: createOpenFileState(),
  };
}

function clearList(state: Draft<FilesState>) {
  state.items = [];
  state.paginationToken = null;
  state.total = 0;
}

export const filesSlice = createSlice({
  name: 'files',
  initialState: createFilesState(),
  reducers: {
    /** Closes the viewer. */
    fileClosed(state) {
      state.openFile = createOpenFileState();
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchFilesPage.pending, (state, action) => {
        const arg = action.meta.arg;
        const queryKey = filesQueryKey(arg);
        state.status = 'loading';
        state.error = null;
        state.requestId = action.meta.requestId;
        state.requestKey = requestKeyOf(arg);
        if (!arg.paginationToken && state.queryKey !== queryKey) {
          // Another query: its rows are not these; keep the extensions while the repo is the same.
          clearList(state);
          state.queryKey = queryKey;
          if (state.extensionsRepoId !== arg.repoId) state.extensions = [];
        }
      })
      .addCase(fetchFilesPage.fulfilled, (state, action) => {
        if (state.requestId !== action.meta.requestId) return;
        const page = action.payload;
        const first = !action.meta.arg.paginationToken;
        state.status = 'succeeded';
        state.requestId = null;
        state.requestKey = null;
        // Concatenating the plain array keeps Immer from making a proxy of each of 100,000 rows.
        state.items = first ? page.files : (original(state.items) ?? []).concat(page.files);
        state.paginationToken = page.pagination_token;
        state.total = page.total;
        state.commitId = page.commit_id;
        if (first) {
          state.extensions = page.extensions;
          state.extensionsRepoId = action.meta.arg.repoId;
        }
      })
      .addCase(fetchFilesPage.rejected, (state, action) => {
        if (state.requestId !== action.meta.requestId) return;
        state.requestId = null;
        state.requestKey = null;
        if (action.meta.aborted) {
          // Stopped by its caller (the screen left), not failed: the next visit loads again.
          state.status = 'idle';
          state.queryKey = null;
          clearList(state);
          return;
        }
        state.status = 'failed';
        state.error = action.payload ?? action.error.message ?? ERROR_FETCHING_FILES;
        // Spec section 4: the files list is cleared when a fetch fails.
        clearList(state);
      })
      .addCase(fetchFileContent.pending, (state, action) => {
        const sameFile = state.openFile.fileId === action.meta.arg.fileId;
        state.openFile = {
          fileId: action.meta.arg.fileId,
          status: 'loading',
          error: null,
          httpStatus: null,
          data: sameFile ? state.openFile.data : null,
        };
      })
      .addCase(fetchFileContent.fulfilled, (state, action) => {
        if (state.openFile.fileId !== action.meta.arg.fileId) return;
        state.openFile.status = 'succeeded';
        state.openFile.data = action.payload;
        const index = (original(state.items) ?? []).findIndex(
          (item) => item.file_id === action.payload.file_id,
        );
        const file = state.items[index];
        if (file) file.content = action.payload.content;
      })
      .addCase(fetchFileContent.rejected, (state, action) => {
        if (state.openFile.fileId !== action.meta.arg.fileId || action.meta.aborted) return;
        state.openFile.status = 'failed';
        state.openFile.data = null;
        state.openFile.error = action.payload?.message ?? ERROR_FETCHING_FILE_CONTENT;
        state.openFile.httpStatus = action.payload?.status ?? -1;
      });
  },
});

export const filesReducer = filesSlice.reducer;
export const { fileClosed } = filesSlice.actions;

/** Selects the files list state. */
export const selectFilesState = (state: State): FilesState => state.files;

/** Selects the file shown in the viewer. */
export const selectOpenFile = (state: State): OpenFileState => state.files.openFile;
