import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  SOMETHING_WENT_WRONG,
  type Folder,
  type FolderListResponse,
  type GenerateFolderResponse,
} from '@codedocs/contract';
import { ApiError, failureMessage } from '@/lib/api-error';
import { fieldName } from '@/lib/form-errors';
import { createListState, type ListState, type LoadThunkConfig } from '@/lib/load-status';
import {
  deleteFolderCall,
  getFolderMetadata,
  getFolders,
  postGenerateFolder,
  postUpdateFolder,
  type FolderListKind,
} from '../api/staticdocs-calls';

/** The spec's static docs view modes, in the order the switch shows them (spec section 4). */
export const STATIC_DOCS_VIEW_MODES = ['selfCreatedFolder', 'sharedFolder'] as const;
export type StaticDocsViewMode = (typeof STATIC_DOCS_VIEW_MODES)[number];

/** The list call behind each view mode. */
export const LIST_KIND_OF: Record<StaticDocsViewMode, FolderListKind> = {
  selfCreatedFolder: 'creator',
  sharedFolder: 'shared',
};

/** Shown when a folder list fails without a message of its own. */
export const FAILED_TO_FETCH_FOLDERS = 'Failed to fetch folders';

/** One folder list, paged by cursor, with its load status (of the latest page asked for). */
export interface FolderListState extends ListState<Folder> {
  /** Cursor of the next page (null before the first page and after the last). */
  cursor: string | null;
  /** True once a page answered with a null cursor: there is nothing more to load. */
  complete: boolean;
}

/** The view mode and both folder lists (each starts idle). */
export interface StaticdocsState {
  viewMode: StaticDocsViewMode;
  lists: Record<StaticDocsViewMode, FolderListState>;
}

type State = { staticdocs: StaticdocsState };
type ThunkConfig = LoadThunkConfig<State>;

/** Arguments of fetchFolders. */
export interface FetchFoldersArg {
  viewMode: StaticDocsViewMode;
  /** Start again from the first page (replacing what is listed) instead of the next one. */
  reset?: boolean;
}

/**
 * One page of a folder list: the first (on `reset` or when nothing is listed yet) or the next
 * after the list's cursor. Skipped while that list is loading, and for a next page of a
 * complete list.
 */
export const fetchFolders = createAsyncThunk<FolderListResponse, FetchFoldersArg, ThunkConfig>(
  'staticdocs/fetchFolders',
  async ({ viewMode, reset }, { getState, signal, rejectWithValue }) => {
    const list = getState().staticdocs.lists[viewMode];
    const cursor = reset || list.items.length === 0 ? null : list.cursor;
    try {
      return await getFolders(LIST_KIND_OF[viewMode], cursor, signal);
    } catch (error) {
      return rejectWithValue(failureMessage(error, FAILED_TO_FETCH_FOLDERS));
    }
  },
  {
    condition: ({ viewMode, reset }, { getState }) => {
      const list = getState().staticdocs.lists[viewMode];
      if (list.status === 'loading') return false;
      return Boolean(reset) || list.items.length === 0 || !list.complete;
    },
  },
);

/**
 * Reads one folder again (`GET …/folder/{id}/metadata?limit=1`) and puts it in place in every
 * list; a folder that answers 404 (deleted, or no longer shared) leaves the lists.
 */
export const refreshFolder = createAsyncThunk<Folder, string, ThunkConfig>(
  'staticdocs/refreshFolder',
  async (folderId, { dispatch, rejectWithValue }) => {
    try {
      return (await getFolderMetadata(folderId, null, 1)).folder;
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) dispatch(folderRemoved(folderId));
      return rejectWithValue(failureMessage(error, SOMETHING_WENT_WRONG));
    }
  },
);

/** Failure of a call that may name a field of its form. */
export interface CallRefusal {
  message: string;
  status: number;
  /** The field the server named (`body.folder_name` → `folder_name`). */
  field: string | null;
}

function refusalOf(error: unknown): CallRefusal {
  return {
    message: failureMessage(error, SOMETHING_WENT_WRONG),
    status: error instanceof ApiError ? error.status : -1,
    field: error instanceof ApiError ? (fieldName(error.field) ?? null) : null,
  };
}

/**
 * `POST /api/v1/staticdocs/generate/compilation`: the new folder (status building) is put at
 * the top of the self-created list as soon as the server has it.
 */
export const createFolder = createAsyncThunk<
  GenerateFolderResponse,
  { compilationId: string; folderName: string },
  { state: State; rejectValue: CallRefusal }
>('staticdocs/createFolder', async ({ compilationId, folderName }, thunk) => {
  let answer: GenerateFolderResponse;
  try {
    answer = await postGenerateFolder(compilationId, folderName);
  } catch (error) {
    return thunk.rejectWithValue(refusalOf(error));
  }
  const read = await thunk.dispatch(refreshFolder(answer.folder_id));
  if (refreshFolder.fulfilled.match(read)) thunk.dispatch(folderAdded(read.payload));
  else void thunk.dispatch(fetchFolders({ viewMode: 'selfCreatedFolder', reset: true }));
  return answer;
});

/** `POST …/folder/{id}/update`: the folder shows its new build's task until it ends. */
export const updateFolder = createAsyncThunk<GenerateFolderResponse, string, ThunkConfig>(
  'staticdocs/updateFolder',
  async (folderId, { rejectWithValue }) => {
    try {
      return await postUpdateFolder(folderId);
    } catch (error) {
      return rejectWithValue(failureMessage(error, SOMETHING_WENT_WRONG));
    }
  },
);

/**
 * Deletes one of the caller's folders (`DELETE /folders/created/{id}`) or takes a shared one
 * off their list (`DELETE /folders/shared/{id}`); it leaves the list once the server agreed.
 */
export const deleteFolder = createAsyncThunk<
  string,
  { viewMode: StaticDocsViewMode; folderId: string },
  ThunkConfig
>('staticdocs/deleteFolder', async ({ viewMode, folderId }, { rejectWithValue }) => {
  try {
    await deleteFolderCall(LIST_KIND_OF[viewMode], folderId);
    return folderId;
  } catch (error) {
    return rejectWithValue(failureMessage(error, SOMETHING_WENT_WRONG));
  }
});

function createFolderListState(): FolderListState {
  return { ...createListState<Folder>(), cursor: null, complete: false };
}

function createStaticdocsState(): StaticdocsState {
  return {
    viewMode: 'selfCreatedFolder',
    lists: { selfCreatedFolder: createFolderListState(), sharedFolder: createFolderListState() },
  };
}

function eachList(state: StaticdocsState): FolderListState[] {
  return STATIC_DOCS_VIEW_MODES.map((mode) => state.lists[mode]);
}

function replaceFolder(state: StaticdocsState, folder: Folder) {
  for (const list of eachList(state)) {
    const index = list.items.findIndex((item) => item.folder_id === folder.folder_id);
    if (index >= 0) list.items[index] = folder;
  }
}

const staticdocsSlice = createSlice({
  name: 'staticdocs',
  initialState: createStaticdocsState,
  reducers: {
    /** The view mode switch (spec section 4: selfCreatedFolder or sharedFolder). */
    viewModeChanged(state, action: PayloadAction<StaticDocsViewMode>) {
      state.viewMode = action.payload;
    },
    /** A folder the user just made: first in the self-created list. */
    folderAdded(state, action: PayloadAction<Folder>) {
      const list = state.lists.selfCreatedFolder;
      list.items = [
        action.payload,
        ...list.items.filter((item) => item.folder_id !== action.payload.folder_id),
      ];
    },
    /** A folder gone from the server (deleted elsewhere): out of every list. */
    folderRemoved(state, action: PayloadAction<string>) {
      for (const list of eachList(state)) {
        list.items = list.items.filter((item) => item.folder_id !== action.payload);
      }
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchFolders.pending, (state, action) => {
        const list = state.lists[action.meta.arg.viewMode];
        list.status = 'loading';
        list.error = null;
      })
      .addCase(fetchFolders.fulfilled, (state, action) => {
        const list = state.lists[action.meta.arg.viewMode];
        // dropped when the list was reset meanwhile (a logout)
        if (list.status !== 'loading') return;
        const first = action.meta.arg.reset || list.items.length === 0;
        const known = new Set(first ? [] : list.items.map((item) => item.folder_id));
        const fresh = action.payload.folders.filter((item) => !known.has(item.folder_id));
        list.items = first ? fresh : [...list.items, ...fresh];
        list.cursor = action.payload.cursor;
        list.complete = action.payload.cursor === null;
        list.status = 'succeeded';
      })
      .addCase(fetchFolders.rejected, (state, action) => {
        const list = state.lists[action.meta.arg.viewMode];
        if (list.status !== 'loading') return;
        list.status = 'failed';
        list.error = action.payload ?? action.error.message ?? null;
      })
      .addCase(refreshFolder.fulfilled, (state, action) => {
        replaceFolder(state, action.payload);
      })
      .addCase(updateFolder.fulfilled, (state, action) => {
        for (const list of eachList(state)) {
          const folder = list.items.find((item) => item.folder_id === action.payload.folder_id);
          if (!folder) continue;
          folder.task_id = action.payload.task_id;
          folder.error = null;
          if (folder.status === 'failed') folder.status = 'building';
        }
      })
      .addCase(deleteFolder.fulfilled, (state, action) => {
        const list = state.lists[action.meta.arg.viewMode];
        list.items = list.items.filter((item) => item.folder_id !== action.payload);
      });
  },
});

export const { viewModeChanged, folderAdded, folderRemoved } = staticdocsSlice.actions;
export const staticdocsReducer = staticdocsSlice.reducer;

/** The static docs part of the store. */
export const selectStaticdocs = (state: State) => state.staticdocs;

/** A listed folder by id, from whichever list holds it (undefined when none does). */
export const selectFolder = (state: State, folderId: string): Folder | undefined =>
  eachList(state.staticdocs)
    .flatMap((list) => list.items)
    .find((folder) => folder.folder_id === folderId);
