import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  ERROR_FETCHING_COMPILATIONS,
  ERROR_FETCHING_OBJECTS,
  SOMETHING_WENT_WRONG,
  type CompilationChangeResponse,
  type CompilationMetadata,
  type CompilationObjectsResponse,
  type ListedObject,
} from '@codedocs/contract';
import { failureMessage } from '@/lib/api-error';
import {
  addListCases,
  createListState,
  createLoadThunk,
  type ListState,
  type LoadThunkConfig,
} from '@/lib/load-status';
import { getCompilations, type CompilationMetadataResponse } from '../api/get-compilations';
import {
  deleteCompilationCall,
  getCompilationObjects,
  patchCompilation,
  postCompilation,
  postCompilationObjects,
  putCompilationOrder,
  removeCompilationObjectsCall,
} from '../api/compilation-calls';

/** The objects of the open compilation, with their load status. */
export interface CompilationObjectsState extends ListState<ListedObject> {
  /** Whose objects `items` are (null: none open). */
  compilationId: string | null;
  /** The request whose answer is awaited; answers of earlier ones are dropped. */
  requestId: string | null;
}

/** The compilation list with its load status (starts idle), and the open compilation. */
export interface CompilationsState extends ListState<CompilationMetadata> {
  objects: CompilationObjectsState;
  /** Objects of the open compilation chosen for removal, toggled by id (spec section 5). */
  selectedObjectIds: string[];
  /** Compilations chosen in the list (to delete several), toggled by id (spec section 5). */
  selectedCompilationIds: string[];
}

type State = { compilations: CompilationsState };
type ThunkConfig = LoadThunkConfig<State>;

/** Loads `GET /api/v0/compilation/metadata`; skipped while a fetch is under way. */
export const fetchCompilations = createLoadThunk<CompilationMetadataResponse, void, State>(
  'compilations/fetch',
  {
    load: (_arg, signal) => getCompilations(signal),
    selectLoadState: (state) => state.compilations,
    defaultMessage: ERROR_FETCHING_COMPILATIONS,
  },
);

/** Arguments of fetchCompilationObjects. */
export interface CompilationObjectsArg {
  compilationId: string;
  /** Fetch again even when the same compilation is being fetched. */
  force?: boolean;
}

/**
 * `GET /api/v0/compilation/{id}/object/metadata`; failures default to "Error fetching
 * objects". A fetch of the compilation already being fetched is skipped unless forced.
 */
export const fetchCompilationObjects = createAsyncThunk<
  CompilationObjectsResponse,
  CompilationObjectsArg,
  ThunkConfig
>(
  'compilations/fetchObjects',
  async ({ compilationId }, { signal, rejectWithValue }) => {
    try {
      const answer = await getCompilationObjects(compilationId, signal);
      if (!answer || !Array.isArray(answer.objects)) return rejectWithValue(ERROR_FETCHING_OBJECTS);
      return answer;
    } catch (error) {
      return rejectWithValue(failureMessage(error, ERROR_FETCHING_OBJECTS));
    }
  },
  {
    condition: ({ compilationId, force }, { getState }) => {
      const { objects } = getState().compilations;
      return force || objects.status !== 'loading' || objects.compilationId !== compilationId;
    },
  },
);

/** `POST /api/v0/compilation {name}`: the new compilation is appended to the list. */
export const createCompilation = createAsyncThunk<CompilationMetadata, string, ThunkConfig>(
  'compilations/create',
  async (name, { rejectWithValue }) => {
    try {
      return (await postCompilation(name)).compilation;
    } catch (error) {
      return rejectWithValue(failureMessage(error, SOMETHING_WENT_WRONG));
    }
  },
);

/** `PATCH /api/v0/compilation/{id} {name}`: the renamed compilation replaces its entry. */
export const renameCompilation = createAsyncThunk<
  CompilationMetadata,
  { compilationId: string; name: string },
  ThunkConfig
>('compilations/rename', async ({ compilationId, name }, { rejectWithValue }) => {
  try {
    return (await patchCompilation(compilationId, name)).compilation;
  } catch (error) {
    return rejectWithValue(failureMessage(error, SOMETHING_WENT_WRONG));
  }
});

/** `DELETE /api/v0/compilation/{id}`: the compilation is removed from the list. */
export const deleteCompilation = createAsyncThunk<string, string, ThunkConfig>(
  'compilations/delete',
  async (compilationId, { rejectWithValue }) => {
    try {
      await deleteCompilationCall(compilationId);
      return compilationId;
    } catch (error) {
      return rejectWithValue(failureMessage(error, SOMETHING_WENT_WRONG));
    }
  },
);

/** Arguments of the calls that add or remove objects. */
export interface CompilationObjectsChange {
  compilationId: string;
  objectIds: string[];
}

/**
 * `POST /api/v0/compilation/object`: adds objects at the end (all or nothing). The counts of
 * the list and the open compilation's objects are fetched again afterwards.
 */
export const addCompilationObjects = createAsyncThunk<
  CompilationChangeResponse,
  CompilationObjectsChange,
  ThunkConfig
>('compilations/addObjects', async ({ compilationId, objectIds }, thunk) => {
  try {
    const answer = await postCompilationObjects(compilationId, objectIds);
    void thunk.dispatch(fetchCompilations());
    if (thunk.getState().compilations.objects.compilationId === compilationId) {
      void thunk.dispatch(fetchCompilationObjects({ compilationId, force: true }));
    }
    return answer;
  } catch (error) {
    return thunk.rejectWithValue(failureMessage(error, SOMETHING_WENT_WRONG));
  }
});

/** Removes one object or a selection; they leave the list once the server agreed. */
export const removeCompilationObjects = createAsyncThunk<
  CompilationChangeResponse,
  CompilationObjectsChange,
  ThunkConfig
>('compilations/removeObjects', async ({ compilationId, objectIds }, thunk) => {
  try {
    const answer = await removeCompilationObjectsCall(compilationId, objectIds);
    void thunk.dispatch(fetchCompilations());
    return answer;
  } catch (error) {
    return thunk.rejectWithValue(failureMessage(error, SOMETHING_WENT_WRONG));
  }
});

/**
 * `PUT /api/v0/compilation/{id}/order`: persists an order already shown (objectsReordered).
 * A refusal (the compilation changed meanwhile) reloads the objects, so what is shown is what
 * the server holds.
 */
export const saveCompilationOrder = createAsyncThunk<
  CompilationObjectsResponse,
  CompilationObjectsChange,
  ThunkConfig
>('compilations/saveOrder', async ({ compilationId, objectIds }, thunk) => {
  try {
    return await putCompilationOrder(compilationId, objectIds);
  } catch (error) {
    void thunk.dispatch(fetchCompilationObjects({ compilationId, force: true }));
    return thunk.rejectWithValue(failureMessage(error, SOMETHING_WENT_WRONG));
  }
});

function toggle(ids: string[], id: string): string[] {
  return ids.includes(id) ? ids.filter((other) => other !== id) : [...ids, id];
}

function createObjectsState(compilationId: string | null = null): CompilationObjectsState {
  return { ...createListState<ListedObject>(), compilationId, requestId: null };
}

function createCompilationsState(): CompilationsState {
  return {
    ...createListState<CompilationMetadata>(),
    objects: createObjectsState(),
    selectedObjectIds: [],
    selectedCompilationIds: [],
  };
}

export const compilationsSlice = createSlice({
  name: 'compilations',
  initialState: createCompilationsState,
  reducers: {
    /** Selecting or deselecting a compilation toggles it by its id (spec section 5). */
    compilationToggled(state, action: PayloadAction<string>) {
      state.selectedCompilationIds = toggle(state.selectedCompilationIds, action.payload);
    },
    /** Sets the whole compilation selection (select all / none of what is shown). */
    compilationsSelected(state, action: PayloadAction<string[]>) {
      state.selectedCompilationIds = [...new Set(action.payload)];
    },
    /** Selecting or deselecting an object toggles it by its id (spec section 5). */
    objectToggled(state, action: PayloadAction<string>) {
      state.selectedObjectIds = toggle(state.selectedObjectIds, action.payload);
    },
    /** Sets the whole selection (select all / none of what is shown). */
    objectsSelected(state, action: PayloadAction<string[]>) {
      state.selectedObjectIds = [...new Set(action.payload)];
    },
    /** Shows a new order at once; saveCompilationOrder persists it. */
    objectsReordered(state, action: PayloadAction<CompilationObjectsChange>) {
      const { compilationId, objectIds } = action.payload;
      if (state.objects.compilationId !== compilationId) return;
      const byId = new Map(state.objects.items.map((object) => [object.object_id, object]));
      const next = objectIds.flatMap((id) => {
        const object = byId.get(id);
        return object ? [object] : [];
      });
      if (next.length === state.objects.items.length) state.objects.items = next;
    },
  },
  extraReducers: (builder) => {
    addListCases<CompilationsState, CompilationMetadata, CompilationMetadataResponse, void, State>(
      builder,
      fetchCompilations,
      (state) => state,
      (payload) => payload?.metadata ?? [],
    );
    builder
      .addCase(fetchCompilationObjects.pending, (state, action) => {
        const { compilationId } = action.meta.arg;
        if (state.objects.compilationId !== compilationId) {
          state.objects = createObjectsState(compilationId);
          state.selectedObjectIds = [];
        }
        state.objects.status = 'loading';
        state.objects.error = null;
        state.objects.requestId = action.meta.requestId;
      })
      .addCase(fetchCompilationObjects.fulfilled, (state, action) => {
        if (state.objects.requestId !== action.meta.requestId) return;
        const items = action.payload.objects;
        state.objects.status = 'succeeded';
        state.objects.items = items;
        state.objects.requestId = null;
        const present = new Set(items.map((object) => object.object_id));
        state.selectedObjectIds = state.selectedObjectIds.filter((id) => present.has(id));
      })
      .addCase(fetchCompilationObjects.rejected, (state, action) => {
        if (state.objects.requestId !== action.meta.requestId) return;
        // an aborted fetch (the screen closed) leaves no error behind
        state.objects.status = action.meta.aborted ? 'idle' : 'failed';
        state.objects.error = action.meta.aborted ? null : (action.payload ?? null);
        state.objects.items = [];
        state.objects.requestId = null;
        state.selectedObjectIds = [];
      })
      .addCase(createCompilation.fulfilled, (state, action) => {
        state.items.push(action.payload);
      })
      .addCase(renameCompilation.fulfilled, (state, action) => {
        const index = state.items.findIndex(
          (item) => item.compilation_id === action.payload.compilation_id,
        );
        if (index >= 0) state.items[index] = action.payload;
      })
      .addCase(deleteCompilation.fulfilled, (state, action) => {
        state.items = state.items.filter((item) => item.compilation_id !== action.payload);
        state.selectedCompilationIds = state.selectedCompilationIds.filter(
          (id) => id !== action.payload,
        );
        if (state.objects.compilationId === action.payload) {
          state.objects = createObjectsState();
          state.selectedObjectIds = [];
        }
      })
      .addCase(removeCompilationObjects.fulfilled, (state, action) => {
        const { compilationId, objectIds } = action.meta.arg;
        const gone = new Set(objectIds);
        if (state.objects.compilationId === compilationId) {
          state.objects.items = state.objects.items.filter((object) => !gone.has(object.object_id));
        }
        state.selectedObjectIds = state.selectedObjectIds.filter((id) => !gone.has(id));
        const compilation = state.items.find((item) => item.compilation_id === compilationId);
        if (compilation) compilation.object_count = action.payload.object_count;
      })
      .addCase(addCompilationObjects.fulfilled, (state, action) => {
        const compilation = state.items.find(
          (item) => item.compilation_id === action.meta.arg.compilationId,
        );
        if (compilation) compilation.object_count = action.payload.object_count;
      })
      .addMatcher(fetchCompilations.fulfilled.match, (state) => {
        const present = new Set(state.items.map((item) => item.compilation_id));
        state.selectedCompilationIds = state.selectedCompilationIds.filter((id) => present.has(id));
      });
  },
});

export const compilationsReducer = compilationsSlice.reducer;
export const {
  compilationToggled,
  compilationsSelected,
  objectToggled,
  objectsSelected,
  objectsReordered,
} = compilationsSlice.actions;

/** Selects the compilation list state. */
export const selectCompilationsState = (state: State): CompilationsState => state.compilations;
