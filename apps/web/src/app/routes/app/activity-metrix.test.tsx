import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ActivityEvent } from '@codedocs/contract';
import { openEventStream, requestsTo } from '@/test/api-routes';
import { jsonResponse } from '@/test/fetch-stub';
import { emptyDocsMetrics, metricsFrame, testActivityEvent, testRepo } from '@/test/fixtures';
import { currentPath, renderApp } from '@/test/render-app';

const RANGE = '/app/activity-metrix?from=2026-03-01&to=2026-03-03&bucket=day';

const coverage = (url: string) => ({
  ...metricsFrame(url),
  repositories: [
    {
      repo_id: testRepo.repo_id,
      name: testRepo.name,
      points: [
        null,
        { objects: 10, documented: 5, stale: 2 },
        { objects: 10, documented: 8, stale: 1 },
      ],
      current: { objects: 10, documented: 8, stale: 1 },
    },
  ],
});

const docs = (url: string) => ({
  ...emptyDocsMetrics(url),
  series: { generated: [40, 0, 0], edited: [0, 2, 1], reviewed: [0, 0, 0] },
  totals: { generated: 40, edited: 3, reviewed: 0 },
  people: [{ user_id: 'u1', name: 'Ada Lovelace', edits: 3 }],
});

afterEach(() => vi.restoreAllMocks());

/** A Blob's text (jsdom's Blob has no text()). */
function blobText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(blob);
  });
}

describe('activity metrics screen', () => {
  it('shows each chart as a table with the same numbers and exports it as CSV', async () => {
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:csv';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = renderApp(RANGE, {
      session: 'logged-in',
      api: {
        'GET /api/v1/activity/coverage': (url) => jsonResponse(coverage(url)),
        'GET /api/v1/activity/docs': (url) => jsonResponse(docs(url)),
      },
    });
    const card = await screen.findByTestId('chart-coverage');
    await within(card).findByTestId('chart-coverage-chart');
    await user.click(within(card).getByRole('button', { name: 'Table' }));
    const table = within(card).getByTestId('chart-coverage-table');
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      `Date${testRepo.name}`,
      '2026-03-01—',
      '2026-03-0250',
      '2026-03-0380',
    ]);
    await user.click(within(card).getByRole('button', { name: 'CSV' }));
    expect(await blobText(blobs[0]!)).toBe(
      `Date,${testRepo.name}\r\n2026-03-01,\r\n2026-03-02,50\r\n2026-03-03,80`,
    );

    const docsCard = screen.getByTestId('chart-docs');
    await within(docsCard).findByTestId('chart-docs-chart');
    expect(within(docsCard).getByTestId('chart-docs-people')).toHaveTextContent('Ada Lovelace3');
    // nothing viewed: an empty state rather than a flat chart
    expect(await screen.findByTestId('chart-views-empty')).toHaveTextContent(
      'No site was opened in this range.',
    );
  });

  it('asks for the chosen range and buckets and keeps them in the URL', async () => {
    const { user, fetchMock, router } = renderApp(RANGE, { session: 'logged-in' });
    await screen.findByTestId('chart-docs-empty');
    expect(requestsTo(fetchMock, 'GET /api/v1/activity/docs')[0]?.url).toContain(
      'from=2026-03-01&to=2026-03-03&bucket=day',
    );
    await user.click(screen.getByTestId('range-bucket-week'));
    await waitFor(() => expect(currentPath(router)).toContain('bucket=week'));
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'GET /api/v1/activity/docs').at(-1)?.url).toContain(
        'bucket=week',
      ),
    );
    await user.click(screen.getByTestId('range-preset-7'));
    await waitFor(() =>
      expect(screen.getByTestId('range-preset-7')).toHaveAttribute('aria-pressed', 'true'),
    );
    const from = screen.getByTestId('range-from');
    await user.clear(from);
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a start and an end date.');
  });

  it('filters the feed, pages it, and shows failures with a retry', async () => {
    let failDocs = true;
    const { user, fetchMock } = renderApp(RANGE, {
      session: 'logged-in',
      api: {
        'GET /api/v1/activity/docs': (url) =>
          failDocs
            ? jsonResponse(
                { statusCode: 500, code: 'internal', message: 'Internal server error' },
                500,
              )
            : jsonResponse(docs(url)),
        'GET /api/v1/activity/events': (url) =>
          jsonResponse(
            url.includes('cursor=')
              ? {
                  events: [testActivityEvent({ event_id: 'older', kind: 'doc.reviewed' })],
                  cursor: null,
                }
              : { events: [testActivityEvent()], cursor: 'next' },
          ),
      },
    });
    const error = await screen.findByTestId('chart-docs-error');
    failDocs = false;
    await user.click(within(error).getByRole('button', { name: 'Try again' }));
    await screen.findByTestId('chart-docs-chart');

    const feed = await screen.findByTestId('activity-feed');
    expect(within(feed).getAllByTestId('activity-entry')).toHaveLength(1);
    await user.click(screen.getByTestId('activity-feed-more'));
    await waitFor(() => expect(within(feed).getAllByTestId('activity-entry')).toHaveLength(2));
    await user.click(screen.getByTestId('feed-filter-docs'));
    await waitFor(() =>
      expect(screen.getByTestId('feed-filter-docs')).toHaveAttribute('aria-pressed', 'true'),
    );
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'GET /api/v1/activity/events').at(-1)?.url).toContain(
        'category=docs',
      ),
    );
  });

  it('updates the charts and the feed live when an event arrives', async () => {
    const encoder = new TextEncoder();
    let push: ((event: ActivityEvent) => void) | undefined;
    let edited = 0;
    let events: ActivityEvent[] = [];
    renderApp(RANGE, {
      session: 'logged-in',
      api: {
        'GET /api/v1/events': () => {
          const response = openEventStream();
          const reader = new ReadableStream<Uint8Array>({
            start(controller) {
              push = (event) =>
                controller.enqueue(
                  encoder.encode(`event: activity\ndata: ${JSON.stringify(event)}\n\n`),
                );
            },
          });
          return new Response(reader, { headers: response.headers });
        },
        'GET /api/v1/activity/docs': (url) =>
          jsonResponse({
            ...docs(url),
            series: { generated: [40, 0, 0], edited: [0, 0, edited], reviewed: [0, 0, 0] },
          }),
        'GET /api/v1/activity/events': () => jsonResponse({ events, cursor: null }),
      },
    });
    const card = await screen.findByTestId('chart-docs');
    await within(card).findByTestId('chart-docs-chart');
    await screen.findByTestId('activity-feed-empty');
    await waitFor(() => expect(push).toBeDefined());

    edited = 1;
    const event = testActivityEvent({ event_id: 'live' });
    events = [event];
    push!(event);
    expect(await screen.findByTestId('activity-entry')).toHaveTextContent('edited the summary');
    expect(screen.getByTestId('activity-live')).toHaveTextContent('Live · last event');
    await within(card).findByRole('button', { name: 'Table' });
    within(card).getByRole('button', { name: 'Table' }).click();
    await waitFor(() =>
      expect(within(card).getByTestId('chart-docs-table')).toHaveTextContent('2026-03-03010'),
    );
  });
});
