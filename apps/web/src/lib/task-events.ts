import { createParser } from 'eventsource-parser';
import {
  ACTIVITY_EVENT,
  activityEventSchema,
  TASK_EVENT,
  taskSchema,
  type ActivityEvent,
  type Task,
} from '@codedocs/contract';
import { api } from './api-client';
import { getJwt } from './cookies';

/** Receives every task change of the signed-in user. */
export type TaskListener = (task: Task) => void;
/** Receives every new activity event of the signed-in user (the activity-metrics stream client). */
export type ActivityListener = (event: ActivityEvent) => void;

/** The event stream of the user's task changes (DESIGN.md section 5). */
export const TASK_EVENTS_URL = '/api/v1/events';

/** Reconnect delays after a dropped or failed stream: doubling from the first, up to the cap. */
export const TASK_EVENTS_RETRY = { firstDelayMs: 1000, maxDelayMs: 30_000 } as const;

const listeners = new Set<TaskListener>();
const activityListeners = new Set<ActivityListener>();
let connection: AbortController | null = null;

/** `GET /api/v1/tasks/{id}`: one task's current state. */
export function getTask(taskId: string, signal?: AbortSignal): Promise<Task> {
  return api.v1.get<Task>(`/tasks/${encodeURIComponent(taskId)}`, { signal });
}

/**
 * Calls `listener` with every task change the server streams. All subscribers share one
 * connection, opened with the first and closed with the last; the stream is read with fetch
 * because it needs the bearer credential, which EventSource cannot send. Returns the unsubscribe.
 */
export function subscribeToTasks(listener: TaskListener): () => void {
  return join(listeners, listener);
}

/**
 * Calls `listener` with every new activity event (`activity` events on the same stream, sent
 * once the action that made them has committed). Shares the one connection with the task
 * subscribers. Returns the unsubscribe.
 */
export function subscribeToActivity(listener: ActivityListener): () => void {
  return join(activityListeners, listener);
}

function join<T>(set: Set<T>, listener: T): () => void {
  set.add(listener);
  if (!connection) open();
  return () => {
    set.delete(listener);
    if (listeners.size === 0 && activityListeners.size === 0) close();
  };
}

function open() {
  const controller = new AbortController();
  connection = controller;
  void run(controller.signal);
}

function close() {
  connection?.abort();
  connection = null;
}

/** What publish needs of a schema. */
interface Parser<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

function publish<T>(data: string, schema: Parser<T>, to: Set<(value: T) => void>) {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return;
  }
  const result = schema.safeParse(parsed);
  if (!result.success) return;
  for (const listener of [...to]) {
    try {
      listener(result.data);
    } catch (error) {
      console.error(error);
    }
  }
}

/** Reads one response body to its end, publishing each `task` and `activity` event. */
async function readEvents(body: ReadableStream<Uint8Array>, signal: AbortSignal) {
  const parser = createParser({
    onEvent: (event) => {
      if (event.event === TASK_EVENT) publish(event.data, taskSchema, listeners);
      else if (event.event === ACTIVITY_EVENT) {
        publish(event.data, activityEventSchema, activityListeners);
      }
    },
  });
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const cancel = () => void reader.cancel().catch(() => undefined);
  signal.addEventListener('abort', cancel, { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || signal.aborted) break;
      parser.feed(decoder.decode(value, { stream: true }));
    }
  } finally {
    signal.removeEventListener('abort', cancel);
  }
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/** Keeps the stream open until aborted: reconnects with capped backoff, stops on a 401. */
async function run(signal: AbortSignal) {
  let failures = 0;
  while (!signal.aborted) {
    try {
      const jwt = getJwt();
      const response = await fetch(TASK_EVENTS_URL, {
        headers: {
          Accept: 'text/event-stream',
          ...(jwt ? { Authorization: `Bearer ${jwt}` } : {}),
        },
        credentials: 'include',
        signal,
      });
      if (response.status === 401) break;
      if (!response.ok || !response.body)
        throw new Error(`event stream answered ${response.status}`);
      failures = 0;
      await readEvents(response.body, signal);
    } catch {
      // A dropped or refused stream: try again after the backoff below.
    }
    if (signal.aborted) break;
    const delay = Math.min(
      TASK_EVENTS_RETRY.firstDelayMs * 2 ** failures,
      TASK_EVENTS_RETRY.maxDelayMs,
    );
    failures += 1;
    await wait(delay, signal);
  }
  // Stopped on a 401: the next subscriber after everyone left opens a fresh connection.
  if (connection?.signal === signal) connection = null;
}
