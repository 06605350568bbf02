import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '@/test/fetch-stub';
import { routeRequests } from '@/test/api-routes';
import { testTask } from '@/test/fixtures';
import { useTask } from './use-task';

function sseResponse(events: string[]) {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const event of events) controller.enqueue(encoder.encode(event));
      // Left open, like the server's stream.
    },
  });
  return new Response(body, { headers: { 'Content-Type': 'text/event-stream' } });
}

const taskEvent = (task: ReturnType<typeof testTask>) =>
  `event: task\ndata: ${JSON.stringify(task)}\n\n`;

describe('useTask', () => {
  it('is null without a task id and makes no call', () => {
    const fetchMock = stubFetch(() => jsonResponse({}));
    const { result } = renderHook(() => useTask(null));
    expect(result.current).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('follows the streamed changes of its task only, ignoring the 404 of a task not created yet', async () => {
    const progress = testTask({ progress: { done: 3, total: 4 } });
    stubFetch(
      routeRequests({
        'GET /api/v1/tasks/task-1': () =>
          jsonResponse({ statusCode: 404, code: 'not_found', message: 'Not Found' }, 404),
        'GET /api/v1/events': () =>
          sseResponse([taskEvent(testTask({ task_id: 'other' })), taskEvent(progress)]),
      }),
    );
    const { result, unmount } = renderHook(() => useTask('task-1'));
    await waitFor(() => expect(result.current).toEqual(progress));
    unmount();
  });

  it('sees a task that finished before the stream opened', async () => {
    const finished = testTask({ status: 'succeeded', result: { repo_id: 'repo-9' } });
    stubFetch(
      routeRequests({
        'GET /api/v1/tasks/task-1': () => jsonResponse(finished),
        'GET /api/v1/events': () => sseResponse([]),
      }),
    );
    const { result, unmount } = renderHook(() => useTask('task-1'));
    await waitFor(() => expect(result.current).toEqual(finished));
    unmount();
  });
});
