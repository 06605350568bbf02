import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ActivityEvent } from '@codedocs/contract';
import { requestsTo } from '@/test/api-routes';
import { jsonResponse } from '@/test/fetch-stub';
import { testActivityEvent, testChecklist, testRepo, testTask } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

/** An event stream the test writes `activity` and `task` events to. */
function liveStream() {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  return {
    handler: () =>
      new Response(
        new ReadableStream<Uint8Array>({
          start(c) {
            controller = c;
          },
        }),
        { headers: { 'Content-Type': 'text/event-stream' } },
      ),
    send(name: 'activity' | 'task', data: unknown) {
      controller?.enqueue(encoder.encode(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`));
    },
  };
}

const repo = {
  ...testRepo,
  object_count: 40,
  documented_count: 30,
  stale_count: 4,
  indexed: true,
};

describe('dashboard', () => {
  it('shows coverage and stale counts linking to the stale objects, tasks and recent activity', async () => {
    renderApp('/app/dashboard', {
      session: 'logged-in',
      api: {
        'GET /api/v0/repo': () => jsonResponse({ repos: [repo] }),
        'GET /api/v1/tasks': () =>
          jsonResponse({
            tasks: [
              testTask({
                kind: 'livedocs.generate',
                subject: { repo_id: repo.repo_id },
                progress: { done: 3, total: 12 },
                message: 'Documented 3 of 12 files',
              }),
            ],
          }),
        'GET /api/v1/activity/events': () =>
          jsonResponse({
            events: [testActivityEvent({ scope: repo.repo_id })],
            cursor: null,
          }),
        'GET /api/v1/activity/checklist': () => jsonResponse(testChecklist({ connect: true })),
      },
    });
    const repos = await screen.findByTestId('dashboard-repo');
    expect(within(repos).getByTestId('dashboard-repo-coverage')).toHaveTextContent(
      '75% documented · 30 of 40',
    );
    expect(within(repos).getByTestId('dashboard-repo-stale')).toHaveAttribute(
      'href',
      `/app/livedocs?repo=${repo.repo_id}&files=*&status=stale`,
    );
    const task = await screen.findByTestId('dashboard-task');
    expect(task).toHaveTextContent(`Generating docs for ${repo.name}`);
    expect(within(task).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '3');
    expect(await screen.findByTestId('activity-entry')).toHaveTextContent(
      'Ada Lovelace edited the summary of add',
    );
    const checklist = screen.getByTestId('dashboard-checklist');
    expect(within(checklist).getByTestId('checklist-connect')).toHaveAttribute('data-done', 'true');
    expect(within(checklist).getByRole('link', { name: 'Start' })).toHaveAttribute(
      'href',
      '/app/livedocs',
    );
    for (const action of ['connect', 'generate', 'pocket', 'site']) {
      expect(screen.getByTestId(`dashboard-action-${action}`)).toHaveAttribute('href');
    }
  });

  it('hides the checklist once every step is done and says when nothing runs', async () => {
    renderApp('/app/dashboard', {
      session: 'logged-in',
      api: {
        'GET /api/v1/activity/checklist': () =>
          jsonResponse(
            testChecklist({ connect: true, generate: true, pocket: true, site: true, share: true }),
          ),
      },
    });
    expect(await screen.findByTestId('dashboard-tasks-empty')).toBeInTheDocument();
    expect(await screen.findByTestId('dashboard-repos-empty')).toBeInTheDocument();
    expect(await screen.findByTestId('dashboard-feed-empty')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('dashboard-checklist')).toBeNull());
  });

  it('updates activity, counts and tasks live from the event stream', async () => {
    const stream = liveStream();
    let events: ActivityEvent[] = [];
    let counts = repo;
    const { fetchMock } = renderApp('/app/dashboard', {
      session: 'logged-in',
      api: {
        'GET /api/v1/events': stream.handler,
        'GET /api/v0/repo': () => jsonResponse({ repos: [counts] }),
        'GET /api/v1/activity/events': () => jsonResponse({ events, cursor: null }),
      },
    });
    await screen.findByTestId('dashboard-feed-empty');
    await waitFor(() => expect(requestsTo(fetchMock, 'GET /api/v1/events')).toHaveLength(1));

    const edit = testActivityEvent({ scope: repo.repo_id, event_id: 'live-1' });
    events = [edit];
    counts = { ...repo, stale_count: 3 };
    stream.send('activity', edit);
    expect(await screen.findByTestId('activity-entry')).toHaveTextContent('edited the summary');
    await waitFor(() =>
      expect(screen.getByTestId('dashboard-repo-stale')).toHaveTextContent('3 stale'),
    );

    stream.send('task', testTask({ kind: 'repo.sync', subject: { repo_id: repo.repo_id } }));
    expect(await screen.findByTestId('dashboard-task')).toHaveTextContent(`Syncing ${repo.name}`);
    stream.send('task', testTask({ kind: 'repo.sync', status: 'succeeded' }));
    expect(await screen.findByTestId('dashboard-tasks-empty')).toBeInTheDocument();
  });

  it('offers a retry when the activity cannot be loaded', async () => {
    let fail = true;
    const { user } = renderApp('/app/dashboard', {
      session: 'logged-in',
      api: {
        'GET /api/v1/activity/events': () =>
          fail
            ? jsonResponse(
                { statusCode: 500, code: 'internal', message: 'Internal server error' },
                500,
              )
            : jsonResponse({ events: [], cursor: null }),
      },
    });
    const error = await screen.findByTestId('dashboard-feed-error');
    fail = false;
    await user.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('dashboard-feed-empty')).toBeInTheDocument();
  });
});
