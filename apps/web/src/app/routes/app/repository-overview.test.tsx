import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  OVERVIEW_SECTION_IDS,
  OVERVIEW_SECTION_TITLES,
  type OverviewSection,
  type RepoOverview,
} from '@codedocs/contract';
import { requestsTo, type ApiRoutes } from '@/test/api-routes';
import { jsonResponse } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';

const ROUTE = 'GET /api/v0/repo/repo-1/overview';
const SAVE = 'POST /api/v0/repo/repo-1/overview/save';

function section(id: OverviewSection['section_id'], value: string): OverviewSection {
  return {
    section_id: id,
    title: OVERVIEW_SECTION_TITLES[id],
    value,
    generated: value,
    source: 'generated',
    version: 0,
    stale: false,
    written_at_commit: 'c0ffee1234567',
    updated_at: null,
    updated_by: null,
  };
}

const overview: RepoOverview = {
  repo_id: 'repo-1',
  commit_id: 'c0ffee1234567',
  generated_at: '2026-11-25T12:00:00.000Z',
  facts: {
    version: 1,
    files: 2,
    objects: 3,
    languages: [{ language: 'python', files: 2 }],
    entry_points: [],
    modules: [],
    module_count: 2,
    dependencies: [{ from: 'src/a.py', to: 'src/b.py', imports: 1 }],
    graph: {
      width: 428,
      height: 36,
      node_width: 184,
      node_height: 28,
      nodes: [
        { path: 'src/a.py', x: 4, y: 4 },
        { path: 'src/b.py', x: 244, y: 4 },
      ],
      edges: [{ from: 'src/a.py', to: 'src/b.py', imports: 1, back: false }],
    },
    most_used: [
      {
        object_id: 'obj-count',
        name: 'count_words',
        qualified_name: 'count_words',
        kind: 'function',
        file_path: 'src/b.py',
        callers: 2,
        call_sites: 2,
        test_callers: 1,
      },
    ],
    public_api: [],
    public_api_total: 0,
  },
  sections: OVERVIEW_SECTION_IDS.map((id) =>
    section(
      id,
      id === 'summary'
        ? '2 source files in python (2).'
        : id === 'dependencies'
          ? '- `src/a.py` imports `src/b.py` (1).'
          : '',
    ),
  ),
};

const open = (api: ApiRoutes) =>
  renderApp('/app/repository?overview=repo-1', { session: 'logged-in', api });

describe('/app/repository?overview=', () => {
  it('shows the sections, the graph, and "needs a writer" for sections without facts', async () => {
    open({ [ROUTE]: () => jsonResponse({ overview }) });
    expect(await screen.findByTestId('overview-text-summary')).toHaveTextContent(
      '2 source files in python (2).',
    );
    expect(screen.getByTestId('overview-graph')).toBeInTheDocument();
    const entries = screen.getByTestId('overview-section-entry_points');
    expect(within(entries).getByText(/Needs a writer/)).toBeInTheDocument();
    const used = screen.getByTestId('overview-section-most_used');
    expect(within(used).getByRole('link', { name: 'count_words' })).toHaveAttribute(
      'href',
      '/app/livedocs?repo=repo-1&object=obj-count',
    );
    expect(screen.getByRole('link', { name: 'Back to repositories' })).toHaveAttribute(
      'href',
      '/app/repository',
    );
  });

  it('says the repository is being indexed while the server answers 409', async () => {
    open({
      [ROUTE]: () =>
        jsonResponse(
          { statusCode: 409, code: 'conflict', message: 'This repository is still being indexed' },
          409,
        ),
    });
    expect(await screen.findByTestId('overview-empty')).toHaveTextContent(
      'This repository is still being indexed',
    );
    expect(screen.queryByTestId('overview-error')).not.toBeInTheDocument();
  });

  it('shows a load error with Try again', async () => {
    let calls = 0;
    const { user } = open({
      [ROUTE]: () => {
        calls += 1;
        return calls === 1
          ? jsonResponse(
              { statusCode: 500, code: 'internal', message: 'Internal server error' },
              500,
            )
          : jsonResponse({ overview });
      },
    });
    const error = await screen.findByTestId('overview-error');
    await user.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('overview-text-summary')).toBeInTheDocument();
  });

  it('edits a section and saves it with the version it started from', async () => {
    const { user, fetchMock } = open({
      [ROUTE]: () => jsonResponse({ overview }),
      [SAVE]: () =>
        jsonResponse({
          section: {
            ...section('summary', 'A word counter.'),
            generated: '2 source files in python (2).',
            source: 'edited',
            version: 1,
            updated_at: '2026-11-25T12:05:00.000Z',
            updated_by: 'Ada Lovelace',
          },
        }),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Summary' }));
    const editor = screen.getByTestId('overview-summary-editor');
    await user.clear(editor);
    await user.type(editor, 'A word counter.');
    await user.click(screen.getByTestId('overview-save-summary'));
    await waitFor(() =>
      expect(screen.getByTestId('overview-text-summary')).toHaveTextContent('A word counter.'),
    );
    expect(requestsTo(fetchMock, SAVE)[0]!.body).toEqual({
      section_id: 'summary',
      doc: 'A word counter.',
      version: 0,
    });
    expect(screen.getByTestId('overview-section-summary')).toHaveTextContent('Ada Lovelace');
  });

  it('keeps the draft and offers Reload when someone else saved first (409)', async () => {
    const { user } = open({
      [ROUTE]: () => jsonResponse({ overview }),
      [SAVE]: () =>
        jsonResponse(
          {
            statusCode: 409,
            code: 'conflict',
            message: 'This section was changed by someone else',
          },
          409,
        ),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Summary' }));
    await user.type(screen.getByTestId('overview-summary-editor'), ' More.');
    await user.click(screen.getByTestId('overview-save-summary'));
    expect(await screen.findByTestId('overview-save-error')).toHaveTextContent(
      'changed by someone else',
    );
    expect(screen.getByTestId('overview-summary-editor')).toHaveValue(
      '2 source files in python (2). More.',
    );
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });
});
