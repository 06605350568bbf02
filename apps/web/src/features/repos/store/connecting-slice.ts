import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  FAILED_TO_CONNECT_REPO,
  REPO_METHODS,
  SOMETHING_WENT_WRONG,
  type RepoConnectRequest,
  type RepoMethod,
  type Task,
} from '@codedocs/contract';
import { apiErrorFromUnknown } from '@/lib/api-error';
import { freshPlanToken } from '@/lib/plan-token';
import { getPendingConnects } from '../api/pending-connects';
import { connectRepo } from '../api/repo-calls';
import type { RepoFailure } from './repo-failure';
import { newTaskId } from './task-id';

/** A connect the server accepted whose clone task has not finished (spec section 3). */
export interface PendingConnection {
  task_id: string;
  url: string;
  method: RepoMethod;
  queued: boolean;
  repo_id: string;
  /** What was asked, to ask again from a failed card ("Retry"); absent when not known. */
  request?: RepoConnectRequest;
}

/**
 * A connect whose task failed: it stays on the screen, with the task's error, until the person
 * dismisses it or retries (issue 14: a failed connect leaves a trace a person can act on).
 */
export interface FailedConnection {
  task_id: string;
  url: string;
  method: RepoMethod;
  /** The task's error as the server sent it (a sentence or git's sanitised words). */
  error: string | null;
  request?: RepoConnectRequest;
}

/** Why the last connect request failed: "Failed to connect repo" plus the status and message. */
export interface ConnectFailure extends RepoFailure {
  title: typeof FAILED_TO_CONNECT_REPO;
}

/**
 * The connecting list. It lives beside the repos slice (not in it) so the repo list state keeps
 * exactly the shape every other list has.
 */
export interface RepoConnectionsState {
  connecting: PendingConnection[];
  /** Connects that failed, newest first, until dismissed. */
  failed: FailedConnection[];
  error: ConnectFailure | null;
}

type State = { repoConnections: RepoConnectionsState };

const initialState: RepoConnectionsState = { connecting: [], failed: [], error: null };

/**
 * `POST /api/v2/repo/connect`. The thunk's request id is a fresh UUID and is sent as the task id,
 * so the clone can be followed on the event stream; the `ps` cookie goes in the plan header.
 * Failures follow spec section 8: the server's status and message (default "Something went
 * wrong"), status 0 "No response from server" without an answer, else -1 with its own message.
 */
export const connectRepository = createAsyncThunk<
  PendingConnection,
  RepoConnectRequest,
  { state: State; rejectValue: ConnectFailure }
>(
  'repos/connect',
  async (request, { requestId, rejectWithValue }) => {
    try {
      const answer = await connectRepo(request, requestId, await freshPlanToken());
      return {
        task_id: answer.task_id || requestId,
        url: answer.url,
        method: answer.method,
        queued: answer.queued,
        repo_id: answer.repo_id,
        request,
      };
    } catch (error) {
      const apiError = apiErrorFromUnknown(error);
      const failure: ConnectFailure = {
        title: FAILED_TO_CONNECT_REPO,
        status: apiError.status,
        message: apiError.message || SOMETHING_WENT_WRONG,
      };
      if (apiError.field) failure.field = apiError.field;
      return rejectWithValue(failure);
    }
  },
  { idGenerator: newTaskId },
);

/** A pending connect task as a connecting entry, when its subject names the repository. */
function pendingConnectionOf(task: Task): PendingConnection | null {
  const { repo_id: repoId, url, method, branch } = task.subject ?? {};
  const knownMethod = REPO_METHODS.find((candidate) => candidate === method);
  if (!repoId || !url || !knownMethod) return null;
  return {
    task_id: task.task_id,
    url,
    method: knownMethod,
    queued: task.status === 'queued',
    repo_id: repoId,
    // an ssh connect needs its key name, which the task does not say: no retry from here
    ...(knownMethod === 'https' && {
      request: { external_repo_url: url, method: knownMethod, ...(branch && { branch }) },
    }),
  };
}

/**
 * Brings back the connects still cloning after a page reload (the list lives only in the page):
 * `GET /api/v1/tasks?kind=repo.connect`. Best effort: a failure leaves the list as it is.
 */
export const restorePendingConnections = createAsyncThunk<PendingConnection[], void>(
  'repos/restorePendingConnections',
  async (_arg, { signal }) => {
    const { tasks } = await getPendingConnects(signal);
    return tasks.flatMap((task) => pendingConnectionOf(task) ?? []);
  },
);

export const repoConnectionsSlice = createSlice({
  name: 'repoConnections',
  initialState,
  reducers: {
    /** The connect task ended (succeeded or failed): its entry leaves the list. */
    connectionFinished(state, action: PayloadAction<string>) {
      state.connecting = state.connecting.filter((entry) => entry.task_id !== action.payload);
    },
    /** The connect task failed: its entry becomes a failed card that stays until dismissed. */
    connectionFailed(state, action: PayloadAction<{ task_id: string; error: string | null }>) {
      const entry = state.connecting.find((item) => item.task_id === action.payload.task_id);
      state.connecting = state.connecting.filter((item) => item.task_id !== action.payload.task_id);
      if (!entry || state.failed.some((item) => item.task_id === entry.task_id)) return;
      state.failed.unshift({
        task_id: entry.task_id,
        url: entry.url,
        method: entry.method,
        error: action.payload.error,
        ...(entry.request && { request: entry.request }),
      });
    },
    /** The person dismissed a failed card (or retried it). */
    failedConnectionDismissed(state, action: PayloadAction<string>) {
      state.failed = state.failed.filter((item) => item.task_id !== action.payload);
    },
    /** The connect task started running. */
    connectionStarted(state, action: PayloadAction<string>) {
      const entry = state.connecting.find((item) => item.task_id === action.payload);
      if (entry) entry.queued = false;
    },
    /** The user has seen the last connect failure. */
    connectErrorCleared(state) {
      state.error = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(restorePendingConnections.fulfilled, (state, action) => {
        const known = new Set(state.connecting.map((entry) => entry.task_id));
        state.connecting.push(...action.payload.filter((entry) => !known.has(entry.task_id)));
      })
      .addCase(connectRepository.pending, (state) => {
        state.error = null;
      })
      .addCase(connectRepository.fulfilled, (state, action) => {
        state.connecting = state.connecting.filter(
          (entry) => entry.task_id !== action.payload.task_id,
        );
        state.connecting.push(action.payload);
        // a new attempt at a URL that failed before replaces its failed card
        state.failed = state.failed.filter((entry) => entry.url !== action.payload.url);
      })
      .addCase(connectRepository.rejected, (state, action) => {
        const taskId = action.meta.requestId;
        state.connecting = state.connecting.filter((entry) => entry.task_id !== taskId);
        state.error = action.payload ?? {
          title: FAILED_TO_CONNECT_REPO,
          status: -1,
          message: action.error.message ?? SOMETHING_WENT_WRONG,
        };
      });
  },
});

export const {
  connectionFinished,
  connectionFailed,
  connectionStarted,
  connectErrorCleared,
  failedConnectionDismissed,
} = repoConnectionsSlice.actions;
export const repoConnectionsReducer = repoConnectionsSlice.reducer;

/** Selects the connecting list and the last connect failure. */
export const selectRepoConnections = (state: State): RepoConnectionsState => state.repoConnections;
