import {
  createAsyncThunk,
  createSlice,
  type ActionReducerMapBuilder,
  type AsyncThunk,
  type PayloadAction,
} from '@reduxjs/toolkit';
import {
  ERROR_FETCHING_FILES,
  ERROR_FETCHING_OBJECTS,
  SERVER_ERROR,
  type IndexStatus,
  type LivedocsFileJson,
  type LivedocsFilesResponse,
  type LivedocsObjectSummary,
} from '@codedocs/contract';
import { failureMessage } from '@/lib/api-error';
import { createListState, type ListState } from '@/lib/load-status';
import { FILE_IDS_PER_QUERY } from '../api/file-ids-per-query';
import { getLivedocsFiles, getLivedocsMetadata } from '../api/livedocs-calls';

/**
 * A list with its load status (spec section 4), plus which request it is about: `key` names
 * the arguments of the last fetch and `requestId` the fetch whose answer is awaited, so an
 * answer for an older selection (or one from before a reset) is dropped.
 */
export type KeyedListState<T> = ListState<T> & { key: string | null; requestId: string | null };

/** The live-docs lists (spec section 4: files and objects have load statuses) and selections. */
export interface LivedocsState {
  files: KeyedListState<LivedocsFileJson> & {
    /** Whether the engine has read the commit; `taskId` is its indexing task while it reads. */
    indexStatus: IndexStatus | null;
    taskId: string | null;
    commitId: string | null;
  };
  objects: KeyedListState<LivedocsObjectSummary>;
  /** Selected file and object ids (spec section 5: selecting toggles by id). */
  selectedFileIds: string[];
  selectedObjectIds: string[];
}

type State = { livedocs: LivedocsState };
type ThunkConfig = { state: State; rejectValue: string };

/** Which commit of which repository the files are about. */
export interface LivedocsFilesArg {
  repoId: string;
  commitId?: string;
  /** Fetch even when the same fetch is under way (its answer may predate a change). */
  force?: boolean;
}

/** Argument of fetchLivedocsObjects: the files whose objects are listed. */
export interface LivedocsObjectsArg extends LivedocsFilesArg {
  fileIds: readonly string[];
}

const filesKey = ({ repoId, commitId }: LivedocsFilesArg) => `${repoId}@${commitId ?? ''}`;
const objectsKey = (arg: LivedocsObjectsArg) => `${filesKey(arg)}:${arg.fileIds.join(',')}`;

/**
 * The `condition` of both list fetches: a fetch of the same list with the same arguments that
 * is already under way is not started again (unless forced); another selection is fetched.
 */
function notUnderWay<Arg extends LivedocsFilesArg>(
  pick: (state: LivedocsState) => KeyedListState<unknown>,
  keyOf: (arg: Arg) => string,
) {
  return (arg: Arg, { getState }: { getState: () => State }) => {
    const list = pick(getState().livedocs);
    return arg.force === true || list.status !== 'loading' || list.key !== keyOf(arg);
  };
}

/**
 * `GET /api/v0/livedocs/files/{repo_id}`: a null (or shapeless) answer is the spec's
 * "Server Error"; other failures default to "Error fetching files".
 */
export const fetchLivedocsFiles = createAsyncThunk<
  LivedocsFilesResponse,
  LivedocsFilesArg,
  ThunkConfig
>(
  'livedocs/fetchFiles',
  async ({ repoId, commitId }, { signal, rejectWithValue }) => {
    try {
      const answer = await getLivedocsFiles(repoId, commitId, signal);
      if (!answer || !Array.isArray(answer.files)) return rejectWithValue(SERVER_ERROR);
      return answer;
    } catch (error) {
      return rejectWithValue(failureMessage(error, ERROR_FETCHING_FILES));
    }
  },
  { condition: notUnderWay((state) => state.files, filesKey) },
);

/**
 * The objects of the chosen files, from `GET /api/v0/livedocs/metadata` (one call per
 * FILE_IDS_PER_QUERY files, so the URL stays short); failures default to "Error fetching objects".
 */
export const fetchLivedocsObjects = createAsyncThunk<
  LivedocsObjectSummary[],
  LivedocsObjectsArg,
  ThunkConfig
>(
  'livedocs/fetchObjects',
  async ({ repoId, commitId, fileIds }, { signal, rejectWithValue }) => {
    try {
      const objects: LivedocsObjectSummary[] = [];
      for (let start = 0; start < fileIds.length; start += FILE_IDS_PER_QUERY) {
        const chunk = fileIds.slice(start, start + FILE_IDS_PER_QUERY);
        const answer = await getLivedocsMetadata(repoId, commitId, chunk, signal);
        if (!answer?.metadata || !Array.isArray(answer.metadata.files)) {
          return rejectWithValue(ERROR_FETCHING_OBJECTS);
        }
        for (const file of answer.metadata.files) objects.push(...file.objects);
      }
      return objects;
    } catch (error) {
      return rejectWithValue(failureMessage(error, ERROR_FETCHING_OBJECTS));
    }
  },
  { condition: notUnderWay((state) => state.objects, objectsKey) },
);

function createKeyedList<T>(): KeyedListState<T> {
  return { ...createListState<T>(), key: null, requestId: null };
}

function createLivedocsState(): LivedocsState {
  return {
    files: {
      ...createKeyedList<LivedocsFileJson>(),
      indexStatus: null,
      taskId: null,
      commitId: null,
    },
    objects: createKeyedList<LivedocsObjectSummary>(),
    selectedFileIds: [],
    selectedObjectIds: [],
  };
}

/**
 * Status cases of one keyed list: pending marks it loading for its key; only the answer of the
 * latest fetch lands; a failure clears the list (spec section 4).
 */
function addKeyedListCases<Returned, Arg extends LivedocsFilesArg>(
  builder: ActionReducerMapBuilder<LivedocsState>,
  thunk: AsyncThunk<Returned, Arg, ThunkConfig>,
  pick: (state: LivedocsState) => KeyedListState<unknown>,
  keyOf: (arg: Arg) => string,
  onFulfilled: (state: LivedocsState, payload: Returned) => void,
  onRejected: (state: LivedocsState) => void,
) {
  builder
    .addCase(thunk.pending, (state, action) => {
      const list = pick(state);
      list.status = 'loading';
      list.error = null;
      list.key = keyOf(action.meta.arg);
      list.requestId = action.meta.requestId;
    })
    .addCase(thunk.fulfilled, (state, action) => {
      const list = pick(state);
      if (list.requestId !== action.meta.requestId) return;
      list.requestId = null;
      list.status = 'succeeded';
      onFulfilled(state, action.payload);
    })
    .addCase(thunk.rejected, (state, action) => {
      const list = pick(state);
      if (list.requestId !== action.meta.requestId) return;
      list.requestId = null;
      list.status = 'failed';
      list.error = action.payload ?? action.error.message ?? null;
      list.items = [];
      onRejected(state);
    });
}

function toggle(list: string[], id: string): string[] {
  return list.includes(id) ? list.filter((item) => item !== id) : [...list, id];
}

export const livedocsSlice = createSlice({
  name: 'livedocs',
  initialState: createLivedocsState(),
  reducers: {
    /** Selects or deselects one file by id. */
    fileToggled(state, action: PayloadAction<string>) {
      state.selectedFileIds = toggle(state.selectedFileIds, action.payload);
    },
    /** Selects exactly these files (select all of a filtered list, or none with []). */
    filesSelected(state, action: PayloadAction<string[]>) {
      state.selectedFileIds = [...new Set(action.payload)];
    },
    /** Selects or deselects one object by id. */
    objectToggled(state, action: PayloadAction<string>) {
      state.selectedObjectIds = toggle(state.selectedObjectIds, action.payload);
    },
    /** Selects exactly these objects (all of a filtered list, or none with []). */
    objectsSelected(state, action: PayloadAction<string[]>) {
      state.selectedObjectIds = [...new Set(action.payload)];
    },
    /** Another repository or commit: nothing of the previous one stays, late answers are dropped. */
    livedocsReset() {
      return createLivedocsState();
    },
    /** One object's status changed (saved, regenerated, reviewed): its badge follows. */
    objectStatusChanged(
      state,
      action: PayloadAction<Pick<LivedocsObjectSummary, 'object_id' | 'status' | 'last_updated'>>,
    ) {
      const object = state.objects.items.find((o) => o.object_id === action.payload.object_id);
      if (!object) return;
      const before = object.status;
      object.status = action.payload.status;
      object.last_updated = action.payload.last_updated;
      // the file's counts follow without fetching every file again
      const file = state.files.items.find((f) => f.file_id === object.file_id);
      if (!file || before === object.status) return;
      if (before === 'documented') file.documented_count--;
      if (before === 'generated') file.generated_count--;
      if (before === 'stale') file.stale_count--;
      if (object.status === 'documented') file.documented_count++;
      if (object.status === 'generated') file.generated_count++;
      if (object.status === 'stale') file.stale_count++;
    },
  },
  extraReducers: (builder) => {
    addKeyedListCases(
      builder,
      fetchLivedocsFiles,
      (state) => state.files,
      filesKey,
      (state, answer) => {
        state.files.items = answer.files;
        state.files.indexStatus = answer.index_status;
        state.files.taskId = answer.task_id;
        state.files.commitId = answer.commit_id;
        // a selection survives a refresh only for files that are still there
        const present = new Set(answer.files.map((f) => f.file_id));
        state.selectedFileIds = state.selectedFileIds.filter((id) => present.has(id));
      },
      (state) => {
        // spec section 4: the files and objects lists are cleared when a fetch fails
        state.objects.items = [];
        state.files.indexStatus = null;
        state.files.taskId = null;
      },
    );
    addKeyedListCases(
      builder,
      fetchLivedocsObjects,
      (state) => state.objects,
      objectsKey,
      (state, objects) => {
        state.objects.items = objects;
        const present = new Set(objects.map((o) => o.object_id));
        state.selectedObjectIds = state.selectedObjectIds.filter((id) => present.has(id));
      },
      () => undefined,
    );
  },
});

export const livedocsReducer = livedocsSlice.reducer;
export const {
  fileToggled,
  filesSelected,
  objectToggled,
  objectsSelected,
  livedocsReset,
  objectStatusChanged,
} = livedocsSlice.actions;

/** Selects the live-docs state. */
export const selectLivedocs = (state: State): LivedocsState => state.livedocs;
