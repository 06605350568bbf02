import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  ERROR_FETCHING_FILES,
  ERROR_FETCHING_OBJECTS,
  LIVEDOCS_METADATA_MAX_FILES,
  SERVER_ERROR,
  type IndexStatus,
  type LivedocsFileJson,
  type LivedocsFilesResponse,
  type LivedocsObjectSummary,
} from '@codedocs/contract';
import { addListCases, createListState, createLoadThunk, type ListState } from '@/lib/load-status';
import { getLivedocsFiles, getLivedocsMetadata } from '../api/livedocs-calls';

/** The live-docs lists (spec section 4: files and objects have load statuses) and selections. */
export interface LivedocsState {
  files: ListState<LivedocsFileJson> & {
    /** Whether the engine has read the commit; `taskId` is its indexing task while it reads. */
    indexStatus: IndexStatus | null;
    taskId: string | null;
    commitId: string | null;
  };
  objects: ListState<LivedocsObjectSummary>;
  /** Selected file and object ids (spec section 5: selecting toggles by id). */
  selectedFileIds: string[];
  selectedObjectIds: string[];
}

type State = { livedocs: LivedocsState };

/** Which commit of which repository the lists are about. */
export interface LivedocsFilesArg {
  repoId: string;
  commitId?: string;
}

/**
 * `GET /api/v0/livedocs/files/{repo_id}`: a null (or shapeless) answer is the spec's
 * "Server Error"; other failures default to "Error fetching files".
 */
export const fetchLivedocsFiles = createLoadThunk<LivedocsFilesResponse, LivedocsFilesArg, State>(
  'livedocs/fetchFiles',
  {
    load: async ({ repoId, commitId }, signal) => {
      const answer = await getLivedocsFiles(repoId, commitId, signal);
      if (!answer || !Array.isArray(answer.files)) throw new Error(SERVER_ERROR);
      return answer;
    },
    selectLoadState: (state) => state.livedocs.files,
    defaultMessage: ERROR_FETCHING_FILES,
  },
);

/** Argument of fetchLivedocsObjects: the files whose objects are listed. */
export interface LivedocsObjectsArg {
  repoId: string;
  commitId?: string;
  fileIds: readonly string[];
}

/**
 * The objects of the chosen files, from `GET /api/v0/livedocs/metadata` (several calls for
 * large selections); failures default to "Error fetching objects".
 */
export const fetchLivedocsObjects = createLoadThunk<
  LivedocsObjectSummary[],
  LivedocsObjectsArg,
  State
>('livedocs/fetchObjects', {
  load: async ({ repoId, commitId, fileIds }, signal) => {
    const objects: LivedocsObjectSummary[] = [];
    for (let start = 0; start < fileIds.length; start += LIVEDOCS_METADATA_MAX_FILES) {
      const chunk = fileIds.slice(start, start + LIVEDOCS_METADATA_MAX_FILES);
      const answer = await getLivedocsMetadata(repoId, commitId, chunk, signal);
      if (!answer?.metadata || !Array.isArray(answer.metadata.files)) {
        throw new Error(ERROR_FETCHING_OBJECTS);
      }
      for (const file of answer.metadata.files) objects.push(...file.objects);
    }
    return objects;
  },
  selectLoadState: (state) => state.livedocs.objects,
  defaultMessage: ERROR_FETCHING_OBJECTS,
});

function createLivedocsState(): LivedocsState {
  return {
    files: {
      ...createListState<LivedocsFileJson>(),
      indexStatus: null,
      taskId: null,
      commitId: null,
    },
    objects: createListState<LivedocsObjectSummary>(),
    selectedFileIds: [],
    selectedObjectIds: [],
  };
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
    /** Another repository or commit: nothing of the previous one stays. */
    livedocsReset() {
      return createLivedocsState();
    },
    /** One object's status changed (saved, regenerated, reviewed): its badge follows. */
    objectStatusChanged(
      state,
      action: PayloadAction<Pick<LivedocsObjectSummary, 'object_id' | 'status' | 'last_updated'>>,
    ) {
      const object = state.objects.items.find((o) => o.object_id === action.payload.object_id);
      if (object) {
        object.status = action.payload.status;
        object.last_updated = action.payload.last_updated;
      }
    },
  },
  extraReducers: (builder) => {
    addListCases(
      builder,
      fetchLivedocsFiles,
      (state) => state.files,
      (answer) => answer.files,
      {
        clearOnFailure: true,
      },
    );
    addListCases(
      builder,
      fetchLivedocsObjects,
      (state) => state.objects,
      (objects) => objects,
      {
        clearOnFailure: true,
      },
    );
    // matchers run after the cases above have set status and items
    builder.addMatcher(fetchLivedocsFiles.fulfilled.match, (state, action) => {
      if (state.files.status !== 'succeeded') return;
      state.files.indexStatus = action.payload.index_status;
      state.files.taskId = action.payload.task_id;
      state.files.commitId = action.payload.commit_id;
      // a selection survives a refresh only for files that are still there
      const present = new Set(action.payload.files.map((f) => f.file_id));
      state.selectedFileIds = state.selectedFileIds.filter((id) => present.has(id));
    });
    builder.addMatcher(fetchLivedocsFiles.rejected.match, (state) => {
      if (state.files.status !== 'failed') return;
      // spec section 4: the files and objects lists are cleared when a fetch fails
      state.objects.items = [];
      state.files.indexStatus = null;
      state.files.taskId = null;
    });
  },
});

export const livedocsReducer = livedocsSlice.reducer;
export const { fileToggled, filesSelected, objectToggled, livedocsReset, objectStatusChanged } =
  livedocsSlice.actions;

/** Selects the live-docs state. */
export const selectLivedocs = (state: State): LivedocsState => state.livedocs;
