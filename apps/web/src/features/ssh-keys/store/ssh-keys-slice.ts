import { createAsyncThunk, createSlice, type Draft } from '@reduxjs/toolkit';
import {
  FAILED_TO_FETCH_KEYS,
  SOMETHING_WENT_WRONG,
  type SshKeyGenerateRequest,
  type SshKeyJson,
  type SshKeyStatus,
} from '@codedocs/contract';
import { addListCases, createListState, createLoadThunk, type ListState } from '@/lib/load-status';
import { apiErrorFromUnknown, failureMessage } from '@/lib/api-error';
import { deleteSshKey, generateSshKey, getSshKeys } from '../api/ssh-key-calls';

/** A key in the list with its client status (spec section 3) and why it is in `error`. */
export interface SshKeyItem extends SshKeyJson {
  status: SshKeyStatus;
  error: string | null;
}

/** The key list with its load status; starts idle. */
export type SshKeysState = ListState<SshKeyItem>;

/** A failed key call: HTTP status (0 or -1 without one), message and the field a 400 names. */
export interface SshKeyFailure {
  status: number;
  message: string;
  field?: string;
}

function toKeyFailure(error: unknown): SshKeyFailure {
  const apiError = apiErrorFromUnknown(error);
  const failure: SshKeyFailure = {
    status: apiError.status,
    message: failureMessage(apiError, SOMETHING_WENT_WRONG),
  };
  if (apiError.field) failure.field = apiError.field;
  return failure;
}

type State = { sshKeys: SshKeysState };
type KeyThunkConfig = { state: State; rejectValue: SshKeyFailure };

const toItem = (key: SshKeyJson): SshKeyItem => ({ ...key, status: 'idle', error: null });

/** Loads `GET /api/v0/user/ssh-key`; skipped while a fetch is under way. */
export const fetchSshKeys = createLoadThunk<SshKeyItem[], void, State>('sshKeys/fetch', {
  load: async (_arg, signal) => (await getSshKeys(signal)).keys.map(toItem),
  selectLoadState: (state) => state.sshKeys,
  defaultMessage: FAILED_TO_FETCH_KEYS,
});

/** Generates a key on the server; the new key (with its public key) is appended to the list. */
export const generateSshKeyPair = createAsyncThunk<
  SshKeyJson,
  SshKeyGenerateRequest,
  KeyThunkConfig
>('sshKeys/generate', async (request, { rejectWithValue }) => {
  try {
    return await generateSshKey(request);
  } catch (error) {
    return rejectWithValue(toKeyFailure(error));
  }
});

/** Deletes a key by name: deleting, then removed, or error. */
export const deleteSshKeyByName = createAsyncThunk<string, string, KeyThunkConfig>(
  'sshKeys/delete',
  async (name, { rejectWithValue }) => {
    try {
      await deleteSshKey(name);
      return name;
    } catch (error) {
      return rejectWithValue(toKeyFailure(error));
    }
  },
);

function setStatus(
  state: Draft<SshKeysState>,
  name: string,
  status: SshKeyStatus,
  error: string | null = null,
) {
  const key = state.items.find((item) => item.name === name);
  if (!key) return;
  key.status = status;
  key.error = error;
}

export const sshKeysSlice = createSlice({
  name: 'sshKeys',
  initialState: createListState<SshKeyItem>(),
  reducers: {},
  extraReducers: (builder) => {
    addListCases<SshKeysState, SshKeyItem, SshKeyItem[], void, State>(
      builder,
      fetchSshKeys,
      (state) => state,
      (keys) => keys,
    );
    builder
      .addCase(generateSshKeyPair.fulfilled, (state, action) => {
        state.items = state.items.filter((item) => item.name !== action.payload.name);
        state.items.push(toItem(action.payload));
      })
      .addCase(deleteSshKeyByName.pending, (state, action) => {
        setStatus(state, action.meta.arg, 'deleting');
      })
      .addCase(deleteSshKeyByName.fulfilled, (state, action) => {
        state.items = state.items.filter((item) => item.name !== action.payload);
      })
      .addCase(deleteSshKeyByName.rejected, (state, action) => {
        setStatus(state, action.meta.arg, 'error', action.payload?.message ?? SOMETHING_WENT_WRONG);
      });
  },
});

export const sshKeysReducer = sshKeysSlice.reducer;

/** Selects the key list state. */
export const selectSshKeysState = (state: State): SshKeysState => state.sshKeys;
