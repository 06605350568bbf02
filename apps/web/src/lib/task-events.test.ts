import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Task } from '@codedocs/contract';
import { jsonResponse, stubFetch } from '@/test/fetch-stub';
import { testActivityEvent, testTask as task } from '@/test/fixtures';
import { subscribeToActivity, subscribeToTasks, TASK_EVENTS_RETRY } from './task-events';

/** A server-sent event stream the test writes to. */
function sseStream() {
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const encoder = new TextEncoder();
  return {
    response: () =>
      new Response(stream, { status: 200, headers: { 'Content-Type': 'text/event-stream' } }),
    send: (text: string) => controller?.enqueue(encoder.encode(text)),
    end: () => controller?.close(),
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

let unsubscribes: (() => void)[] = [];
afterEach(() => {
  for (const unsubscribe of unsubscribes) unsubscribe();
  unsubscribes = [];
  vi.useRealTimers();
});

function subscribe(listener: (task: Task) => void) {
  const unsubscribe = subscribeToTasks(listener);
  unsubscribes.push(unsubscribe);
  return unsubscribe;
}

describe('subscribeToTasks', () => {
  it('shares one bearer-authenticated connection and delivers task events', async () => {
    Cookies.set('jwt', 'the-token');
    const stream = sseStream();
    const fetchMock = stubFetch(() => stream.response());
    const first = vi.fn();
    const second = vi.fn();
    subscribe(first);
    subscribe(second);
    await tick();

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/events');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer the-token');
    expect(init?.credentials).toBe('include');

    const change = task();
    // Split across chunks, with a comment and an event of another name that are ignored.
    stream.send(': keep-alive\n\nevent: other\ndata: {}\n\nevent: task\ndata: ');
    stream.send(`${JSON.stringify(change)}\n\n`);
    await vi.waitFor(() => expect(first).toHaveBeenCalledWith(change));
    expect(second).toHaveBeenCalledWith(change);
    expect(first).toHaveBeenCalledTimes(1);
  });

  it('closes the connection when the last subscriber leaves and opens a new one later', async () => {
    const signals: AbortSignal[] = [];
    const fetchMock = stubFetch((_url, init) => {
      if (init.signal) signals.push(init.signal);
      return sseStream().response();
    });
    const a = subscribe(vi.fn());
    const b = subscribe(vi.fn());
    await tick();
    a();
    expect(signals[0]?.aborted).toBe(false);
    b();
    expect(signals[0]?.aborted).toBe(true);

    subscribe(vi.fn());
    await tick();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('reconnects with a growing, capped delay after failures', async () => {
    vi.useFakeTimers();
    const fetchMock = stubFetch(() => jsonResponse({ message: 'down' }, 503));
    subscribe(vi.fn());
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(TASK_EVENTS_RETRY.firstDelayMs);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(TASK_EVENTS_RETRY.firstDelayMs);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(TASK_EVENTS_RETRY.firstDelayMs);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(TASK_EVENTS_RETRY.maxDelayMs * 10);
    const calls = fetchMock.mock.calls.length;
    await vi.advanceTimersByTimeAsync(TASK_EVENTS_RETRY.maxDelayMs);
    expect(fetchMock.mock.calls.length).toBe(calls + 1);
  });

  it('reconnects when the stream ends and still delivers events', async () => {
    vi.useFakeTimers();
    const streams = [sseStream(), sseStream()];
    let call = 0;
    stubFetch(() => streams[Math.min(call++, 1)]!.response());
    const listener = vi.fn();
    subscribe(listener);
    await vi.advanceTimersByTimeAsync(0);
    streams[0]!.end();
    await vi.advanceTimersByTimeAsync(TASK_EVENTS_RETRY.firstDelayMs);
    expect(call).toBe(2);
    streams[1]!.send(`event: task\ndata: ${JSON.stringify(task({ status: 'succeeded' }))}\n\n`);
    await vi.advanceTimersByTimeAsync(0);
    expect(listener).toHaveBeenCalledWith(task({ status: 'succeeded' }));
  });

  it('stops on a 401', async () => {
    vi.useFakeTimers();
    const fetchMock = stubFetch(() => jsonResponse({ message: 'Unauthorized' }, 401));
    subscribe(vi.fn());
    await vi.advanceTimersByTimeAsync(TASK_EVENTS_RETRY.maxDelayMs * 4);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('delivers activity events on the same connection, which stays while either kind listens', async () => {
    const signals: AbortSignal[] = [];
    const stream = sseStream();
    const fetchMock = stubFetch((_url, init) => {
      if (init.signal) signals.push(init.signal);
      return stream.response();
    });
    const onTask = vi.fn();
    const onActivity = vi.fn();
    const stopTasks = subscribe(onTask);
    const stopActivity = subscribeToActivity(onActivity);
    unsubscribes.push(stopActivity);
    await tick();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    const event = testActivityEvent();
    stream.send(`event: activity\ndata: ${JSON.stringify(event)}\n\n`);
    stream.send('event: activity\ndata: {"not":"an event"}\n\n');
    await vi.waitFor(() => expect(onActivity).toHaveBeenCalledWith(event));
    expect(onActivity).toHaveBeenCalledTimes(1);
    expect(onTask).not.toHaveBeenCalled();

    stopTasks();
    expect(signals[0]?.aborted).toBe(false);
    stopActivity();
    expect(signals[0]?.aborted).toBe(true);
  });
});
