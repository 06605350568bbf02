import { act, screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NO_ACTIVE_PARSER_SUBSCRIPTION_FOUND } from '@codedocs/contract';
import { requestsTo } from '@/test/api-routes';
import { jsonResponse } from '@/test/fetch-stub';
import { testTask } from '@/test/fixtures';
import {
  LIVEDOCS_COMMIT as COMMIT,
  LIVEDOCS_REPO as R,
  livedocsEstimate,
  livedocsField,
  livedocsObject,
  renderLivedocs,
  taskStream,
} from '@/test/livedocs-screen';
import { currentPath } from '@/test/render-app';

const ESTIMATE = `GET /api/v2/livedocs/estimate/${R}`;
const generated = (objectCount = 2) =>
  jsonResponse({ task_id: 't1', repo_id: R, commit_id: COMMIT, object_count: objectCount }, 202);

async function filesShown() {
  return screen.findByTestId('livedocs-file-src/a.ts', {}, { timeout: 5000 });
}

beforeEach(() => {
  Element.prototype.scrollIntoView = vi.fn();
  Cookies.set('ps', 'plan-token');
});

describe('issue 14.4: what a generation spends, before it starts', () => {
  it('"Generate all" asks the estimate with the plan header and starts at once when it uses at most half of what is left', async () => {
    const { user, fetchMock } = renderLivedocs({
      api: {
        [ESTIMATE]: () => jsonResponse(livedocsEstimate({ objects: 40, to_spend: 30, left: 60 })),
        'POST /api/v2/livedocs/generate/all': () => generated(40),
      },
    });
    await filesShown();
    await user.click(screen.getByTestId('livedocs-generate-all'));
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'POST /api/v2/livedocs/generate/all')).toHaveLength(1),
    );
    const [estimate] = requestsTo(fetchMock, ESTIMATE);
    expect(estimate?.headers.get('x-plan')).toBe('plan-token');
    expect(new URL(estimate!.url, 'http://t').searchParams.has('file_id')).toBe(false);
    expect(screen.queryByTestId('livedocs-generate-confirm')).not.toBeInTheDocument();
    expect(await screen.findByTestId('livedocs-progress')).toHaveTextContent(
      'Uses 30 of your monthly objects; 30 of 2,000 left after it.',
    );
  });

  it('asks before a generation that uses more than half of what is left; Cancel sends nothing', async () => {
    const { user, fetchMock } = renderLivedocs({
      api: {
        [ESTIMATE]: () =>
          jsonResponse(livedocsEstimate({ objects: 50, to_spend: 31, used: 1940, left: 60 })),
        'POST /api/v2/livedocs/generate': () => generated(50),
      },
    });
    await user.click(await filesShown());
    await user.click(screen.getByTestId('livedocs-generate-selected'));
    const dialog = await screen.findByTestId('livedocs-generate-confirm');
    expect(within(dialog).getByTestId('livedocs-generate-confirm-text')).toHaveTextContent(
      'This documents 50 objects and uses 31 of the 60 objects left this month (your plan has 2,000 a month). 19 already documented objects are refreshed free.',
    );
    const [estimate] = requestsTo(fetchMock, ESTIMATE);
    expect(new URL(estimate!.url, 'http://t').searchParams.get('file_id')).toBe('f-src/a.ts');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByTestId('livedocs-generate-confirm')).not.toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/v2/livedocs/generate')).toHaveLength(0);

    await user.click(screen.getByTestId('livedocs-generate-selected'));
    await user.click(await screen.findByTestId('livedocs-generate-confirm-start'));
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'POST /api/v2/livedocs/generate')).toHaveLength(1),
    );
    expect(requestsTo(fetchMock, 'POST /api/v2/livedocs/generate')[0]?.body).toEqual({
      repo_id: R,
      file_ids: ['f-src/a.ts'],
    });
  });

  it('refuses in the panel, with the way to the plans, when the quota cannot take it', async () => {
    const { user, fetchMock } = renderLivedocs({
      api: {
        [ESTIMATE]: () =>
          jsonResponse(livedocsEstimate({ objects: 90, to_spend: 80, used: 1950, left: 50 })),
      },
    });
    await filesShown();
    await user.click(screen.getByTestId('livedocs-generate-all'));
    const alert = await screen.findByTestId('livedocs-generate-refused');
    expect(alert).toHaveAttribute('role', 'alert');
    expect(alert).toHaveTextContent(
      'Your plan documents up to 2000 objects a month and 50 are left this month; this needs 80.',
    );
    expect(within(alert).getByRole('link', { name: /plans in Parser settings/ })).toHaveAttribute(
      'href',
      '/app/settings/parser',
    );
    expect(requestsTo(fetchMock, 'POST /api/v2/livedocs/generate/all')).toHaveLength(0);
  });

  it('keeps the 403 of the generation in the panel until dismissed (not only a toast)', async () => {
    const message =
      'Your plan documents up to 2000 objects a month and 0 are left this month; this needs 2. Choose fewer files or upgrade your plan.';
    const { user } = renderLivedocs({
      api: {
        'POST /api/v2/livedocs/generate/all': () =>
          jsonResponse({ statusCode: 403, code: 'forbidden', message }, 403),
      },
    });
    await filesShown();
    await user.click(screen.getByTestId('livedocs-generate-all'));
    const alert = await screen.findByTestId('livedocs-generate-refused');
    expect(within(alert).getByTestId('livedocs-generate-refused-reason')).toHaveTextContent(
      message,
    );
    expect(alert).toHaveTextContent('Not enough objects left this month');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByTestId('livedocs-generate-refused')).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('livedocs-generate-refused')).not.toBeInTheDocument();
  });

  it('says a plan is needed, with the link, when the estimate answers "No active parser subscription found"', async () => {
    const { user } = renderLivedocs({
      api: {
        [ESTIMATE]: () =>
          jsonResponse(
            {
              statusCode: 403,
              code: 'subscription_required',
              message: NO_ACTIVE_PARSER_SUBSCRIPTION_FOUND,
            },
            403,
          ),
      },
    });
    await filesShown();
    await user.click(screen.getByTestId('livedocs-generate-all'));
    const alert = await screen.findByTestId('livedocs-generate-refused');
    expect(alert).toHaveTextContent('Generating needs an active plan');
    expect(alert).toHaveTextContent(NO_ACTIVE_PARSER_SUBSCRIPTION_FOUND);
    expect(within(alert).getByRole('link')).toHaveAttribute('href', '/app/settings/parser');
  });
});

describe('issue 14.5: Live docs that fit', () => {
  it('says "Done" when the generation ends, and the panel can be closed', async () => {
    const stream = taskStream();
    const running = testTask({
      task_id: 't1',
      kind: 'livedocs.generate',
      status: 'running',
      progress: { done: 1, total: 2 },
      message: 'Writing docs',
    });
    const { user } = renderLivedocs({
      api: {
        'GET /api/v1/events': stream.route,
        'GET /api/v1/tasks/t1': () => jsonResponse(running),
        'POST /api/v2/livedocs/generate/all': () => generated(2),
      },
    });
    await filesShown();
    await user.click(screen.getByTestId('livedocs-generate-all'));
    const progress = await screen.findByTestId('livedocs-progress');
    await waitFor(() => expect(progress).toHaveTextContent('Generating docs'));
    expect(screen.queryByTestId('livedocs-progress-dismiss')).not.toBeInTheDocument();

    act(() => stream.send({ ...running, status: 'succeeded', progress: { done: 2, total: 2 } }));
    await waitFor(() => expect(progress).toHaveTextContent('Done'));
    expect(within(progress).queryByRole('progressbar')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('livedocs-progress-dismiss'));
    expect(screen.queryByTestId('livedocs-progress')).not.toBeInTheDocument();
  });

  it('labels the two filters differently: "File type" and "Object kind"', async () => {
    const { user } = renderLivedocs();
    await user.click(await filesShown());
    expect(screen.getByRole('combobox', { name: 'File type' })).toHaveTextContent('All file types');
    expect(await screen.findByRole('combobox', { name: 'Object kind' })).toHaveTextContent(
      'All kinds',
    );
  });

  it('keeps the file selection in the URL and restores it on load', async () => {
    const first = renderLivedocs();
    await first.user.click(await filesShown());
    await waitFor(() =>
      expect(new URL(currentPath(first.router), 'http://t').searchParams.get('files')).toBe(
        'f-src/a.ts',
      ),
    );
    await first.user.click(screen.getByTestId('livedocs-select-all'));
    await waitFor(() => expect(currentPath(first.router)).toContain('files=*'));
    first.unmount();

    // a reload: the same URL selects the same file and lists its objects
    const second = renderLivedocs({ path: `/app/livedocs?repo=${R}&files=f-src%2Fa.ts` });
    const row = await filesShown();
    await waitFor(() => expect(within(row).getByRole('checkbox')).toBeChecked());
    expect(
      within(screen.getByTestId('livedocs-file-lib/b.py')).getByRole('checkbox'),
    ).not.toBeChecked();
    expect(await screen.findByTestId('livedocs-object-alpha')).toBeInTheDocument();
    expect(second.store.getState().livedocs.selectedFileIds).toEqual(['f-src/a.ts']);
  });

  it('"Back to objects" closes the open object; changing the file selection never asks about unsaved edits', async () => {
    const { user, router } = renderLivedocs({
      objects: { 'o-alpha': livedocsObject('alpha', [livedocsField('summary', 'Alpha.')]) },
    });
    await user.click(await filesShown());
    await user.click(await screen.findByTestId('livedocs-object-alpha'));
    await user.type(await screen.findByTestId('livedocs-field-summary'), ' More.');
    await user.click(screen.getByTestId('livedocs-file-lib/b.py'));
    await waitFor(() => expect(currentPath(router)).toContain('files='));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('livedocs-field-summary')).toHaveValue('Alpha. More.');

    // leaving the object with unsaved edits still asks; discarding goes back to the lists
    await user.click(screen.getByTestId('livedocs-back'));
    await user.click(await screen.findByRole('button', { name: /discard/i }));
    await waitFor(() => expect(screen.queryByTestId('livedocs-object-panel')).toBeNull());
    expect(currentPath(router)).not.toContain('object=');
    expect(screen.queryByTestId('livedocs-back')).not.toBeInTheDocument();
  });
});

describe('issue 14.6: stale, explained', () => {
  const diff = '--- a\n+++ b\n@@ -1 +1 @@\n-  return x;\n+  return x + 1;\n';

  it('lists the fields written for older code; after Regenerate, the edited ones still to review, with "Mark as reviewed"', async () => {
    const stale = { written_at_commit: 'a'.repeat(40), diff };
    const before = {
      ...livedocsObject('alpha', [
        livedocsField('summary', 'Old summary.', { stale: true }),
        livedocsField('description', 'My own words.', { stale: true, source: 'edited' }),
        livedocsField('notes', ''),
      ]),
      status: 'stale' as const,
      stale,
    };
    const afterRegenerate = {
      ...before,
      fields: [
        livedocsField('summary', 'New summary.', { version: 2 }),
        livedocsField('description', 'My own words.', { stale: true, source: 'edited' }),
        livedocsField('notes', ''),
      ],
    };
    const reviewed = { ...afterRegenerate, status: 'documented' as const, stale: null };
    const { user, fetchMock } = renderLivedocs({
      objects: { 'o-alpha': before },
      api: {
        'POST /api/v2/livedocs/regenerate': () => jsonResponse({ object: afterRegenerate }),
        'POST /api/v0/livedocs/review': () => jsonResponse({ object: reviewed }),
      },
    });
    await user.click(await filesShown());
    await user.click(await screen.findByTestId('livedocs-object-alpha'));
    const banner = await screen.findByTestId('livedocs-stale-banner');
    const listed = within(banner).getByTestId('livedocs-stale-fields');
    expect(listed).toHaveTextContent('Written for the older code:');
    expect(
      within(listed)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['summary', 'description · edited']);

    await user.click(within(banner).getByTestId('livedocs-regenerate'));
    await waitFor(() =>
      expect(screen.getByTestId('livedocs-field-summary')).toHaveValue('New summary.'),
    );
    const after = screen.getByTestId('livedocs-stale-banner');
    expect(after).toHaveTextContent('Regenerated: the generated fields now match the code');
    expect(within(after).getByTestId('livedocs-stale-fields')).toHaveTextContent(
      'This edited field was kept and still needs review:description',
    );
    expect(within(after).queryByTestId('livedocs-regenerate')).not.toBeInTheDocument();

    // a field's name in the banner takes the keyboard to its editor
    await user.click(within(after).getByTestId('livedocs-stale-field-description'));
    expect(screen.getByTestId('livedocs-field-description')).toHaveFocus();

    await user.click(within(after).getByTestId('livedocs-review'));
    await waitFor(() =>
      expect(screen.queryByTestId('livedocs-stale-banner')).not.toBeInTheDocument(),
    );
    expect(requestsTo(fetchMock, 'POST /api/v0/livedocs/review')[0]?.body).toEqual({
      repo_id: R,
      object_id: 'o-alpha',
    });
  });
});
