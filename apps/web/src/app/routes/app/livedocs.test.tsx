import { screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CHANGES_SAVED_AT,
  ERROR_FETCHING_FILES,
  FAILED_TO_SAVE,
  NO_ACTIVE_PARSER_SUBSCRIPTION_FOUND,
  type LivedocsField,
  type LivedocsFileJson,
  type LivedocsObject,
  type LivedocsObjectSummary,
} from '@codedocs/contract';
import { requestsTo, type ApiRoutes, type RouteHandler } from '@/test/api-routes';
import { jsonResponse } from '@/test/fetch-stub';
import { testRepo } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const R = testRepo.repo_id;
const COMMIT = testRepo.commit_id ?? '';

function file(path: string): LivedocsFileJson {
  const name = path.split('/').pop() ?? path;
  return {
    file_id: `f-${path}`,
    file_name: name,
    file_path: path,
    file_url: null,
    extension: name.split('.').pop() ?? '',
    language: 'typescript',
    object_count: 2,
    documented_count: 1,
    stale_count: 0,
  };
}

function summary(name: string, status: LivedocsObjectSummary['status']): LivedocsObjectSummary {
  return {
    object_id: `o-${name}`,
    object_url: null,
    file_id: 'f-src/a.ts',
    name,
    qualified_name: name,
    kind: 'function',
    line_start: 1,
    line_end: 3,
    parent_id: null,
    status,
    last_updated: null,
  };
}

function field(fieldId: string, value: string, version = 1): LivedocsField {
  return {
    field_id: fieldId,
    label: fieldId,
    value,
    source: value ? 'generated' : null,
    version: value ? version : 0,
    updated_at: null,
    updated_by: null,
    stale: false,
  };
}

function object(name: string, fields: LivedocsField[]): LivedocsObject {
  return {
    ...summary(name, 'documented'),
    file_path: 'src/a.ts',
    file_url: null,
    commit_id: COMMIT,
    language: 'typescript',
    signature: `function ${name}(x: number)`,
    code: `function ${name}(x: number) {\n  return x;\n}`,
    code_hash: 'h',
    fields,
    calls: [],
    called_by: [],
    usages: [],
    stale: null,
  };
}

const objects: Record<string, LivedocsObject> = {
  'o-alpha': object('alpha', [field('summary', 'Alpha summary.'), field('notes', '')]),
  'o-beta': object('beta', [field('summary', 'Beta summary.')]),
};

function openLivedocs(api: ApiRoutes = {}) {
  const objectRoute: RouteHandler = (url) => {
    const id = new URL(url, 'http://test').searchParams.get('object_id') ?? '';
    return jsonResponse({ object: objects[id] });
  };
  return renderApp('/app/livedocs', {
    session: 'logged-in',
    api: {
      'GET /api/v0/repo': () => jsonResponse({ repos: [testRepo] }),
      [`GET /api/v0/livedocs/commits/${R}`]: () => jsonResponse({ commits: [] }),
      [`GET /api/v0/livedocs/files/${R}`]: () =>
        jsonResponse({
          commit_id: COMMIT,
          index_status: 'indexed',
          task_id: null,
          files: [file('src/a.ts'), file('lib/b.py')],
        }),
      [`GET /api/v0/livedocs/metadata/${R}`]: () =>
        jsonResponse({
          commit_id: COMMIT,
          metadata: {
            files: [
              {
                file_id: 'f-src/a.ts',
                file_path: 'src/a.ts',
                file_url: null,
                language: 'typescript',
                objects: [summary('alpha', 'documented'), summary('beta', 'stale')],
              },
            ],
          },
        }),
      [`GET /api/v0/livedocs/object/${R}`]: objectRoute,
      ...api,
    },
  });
}

async function openAlpha(user: ReturnType<typeof openLivedocs>['user']) {
  await user.click(await screen.findByTestId('livedocs-file-src/a.ts', {}, { timeout: 5000 }));
  await user.click(await screen.findByTestId('livedocs-object-alpha'));
  return screen.findByTestId('livedocs-field-summary');
}

beforeEach(() => {
  Element.prototype.scrollIntoView = vi.fn();
});

describe('/app/livedocs', () => {
  it('lists files, toggles a file to list its objects with status badges', async () => {
    const { user, fetchMock } = openLivedocs();
    const row = await screen.findByTestId('livedocs-file-src/a.ts', {}, { timeout: 5000 });
    expect(screen.getByTestId('livedocs-file-lib/b.py')).toBeInTheDocument();
    await user.click(row);
    expect(await screen.findByTestId('livedocs-object-status-beta')).toHaveTextContent('stale');
    expect(screen.getByTestId('livedocs-object-status-alpha')).toHaveTextContent('documented');
    const [metadata] = requestsTo(fetchMock, `GET /api/v0/livedocs/metadata/${R}`);
    expect(new URL(metadata!.url, 'http://t').searchParams.get('file_id')).toBe('f-src/a.ts');
    await user.click(row);
    expect(await screen.findByText(/Select files to list/)).toBeInTheDocument();
  });

  it('saves explicitly with the loaded version and shows "Changes saved at"', async () => {
    let release: () => void = () => undefined;
    const { user, fetchMock } = openLivedocs({
      'POST /api/v0/livedocs/save': async (_url, init) => {
        await new Promise<void>((resolve) => (release = resolve));
        const body = JSON.parse(String(init.body)) as { doc: string };
        return jsonResponse({
          field: { ...field('summary', body.doc, 2), source: 'edited' },
          status: 'documented',
        });
      },
    });
    const summaryField = await openAlpha(user);
    await user.clear(summaryField);
    await user.type(summaryField, 'Edited by hand.');
    await user.click(screen.getByTestId('livedocs-save'));
    expect(screen.getByTestId('livedocs-save-status')).toHaveTextContent('Saving...');
    release();
    await waitFor(() =>
      expect(screen.getByTestId('livedocs-save-status')).toHaveTextContent(CHANGES_SAVED_AT),
    );
    const [save] = requestsTo(fetchMock, 'POST /api/v0/livedocs/save');
    expect(save?.body).toEqual({
      repo_id: R,
      object_id: 'o-alpha',
      field_id: 'summary',
      doc: 'Edited by hand.',
      version: 1,
    });
    expect(screen.getByTestId('livedocs-save')).toBeDisabled();
  });

  it('keeps the text and says "Failed to save" when someone else saved first (409)', async () => {
    const { user } = openLivedocs({
      'POST /api/v0/livedocs/save': () =>
        jsonResponse({ statusCode: 409, code: 'conflict', message: 'changed' }, 409),
    });
    const summaryField = await openAlpha(user);
    await user.clear(summaryField);
    await user.type(summaryField, 'Mine.');
    await user.keyboard('{Control>}s{/Control}');
    await waitFor(() =>
      expect(screen.getByTestId('livedocs-save-status')).toHaveTextContent(FAILED_TO_SAVE),
    );
    expect(screen.getByTestId('livedocs-field-summary')).toHaveValue('Mine.');
    expect(screen.getByRole('alert')).toHaveTextContent('Someone else saved this field');
  });

  it('refuses to generate without the plan cookie, before calling the server', async () => {
    const { user, fetchMock } = openLivedocs();
    await user.click(await screen.findByTestId('livedocs-file-src/a.ts', {}, { timeout: 5000 }));
    Cookies.remove('ps');
    await user.click(screen.getByTestId('livedocs-generate-selected'));
    expect(await screen.findByText(NO_ACTIVE_PARSER_SUBSCRIPTION_FOUND)).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/v2/livedocs/generate')).toHaveLength(0);
  });

  it('sends the plan header when generating for the selected files', async () => {
    const { user, fetchMock } = openLivedocs({
      'POST /api/v2/livedocs/generate': () =>
        jsonResponse({ task_id: 't1', repo_id: R, commit_id: COMMIT, object_count: 2 }, 202),
    });
    await user.click(await screen.findByTestId('livedocs-file-src/a.ts', {}, { timeout: 5000 }));
    Cookies.set('ps', 'plan-token');
    await user.click(screen.getByTestId('livedocs-generate-selected'));
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'POST /api/v2/livedocs/generate')).toHaveLength(1),
    );
    const [request] = requestsTo(fetchMock, 'POST /api/v2/livedocs/generate');
    expect(request?.headers.get('x-plan')).toBe('plan-token');
    expect(request?.body).toEqual({ repo_id: R, file_ids: ['f-src/a.ts'] });
  });

  it('asks before leaving unsaved edits for another object', async () => {
    const { user } = openLivedocs();
    const summaryField = await openAlpha(user);
    await user.type(summaryField, ' More.');
    await user.click(screen.getByTestId('livedocs-object-beta'));
    const dialog = await screen.findByTestId('livedocs-unsaved-dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Stay here' }));
    expect(screen.getByTestId('livedocs-field-summary')).toHaveValue('Alpha summary. More.');
    await user.click(screen.getByTestId('livedocs-object-beta'));
    await user.click(await screen.findByTestId('livedocs-unsaved-discard'));
    await waitFor(() =>
      expect(screen.getByTestId('livedocs-field-summary')).toHaveValue('Beta summary.'),
    );
  });

  it('shows every template field or only filled ones with the template toggle', async () => {
    const { user } = openLivedocs();
    await openAlpha(user);
    expect(screen.getByTestId('livedocs-field-notes')).toBeInTheDocument();
    await user.click(screen.getByTestId('livedocs-template-toggle'));
    expect(screen.queryByTestId('livedocs-field-notes')).not.toBeInTheDocument();
    expect(screen.getByTestId('livedocs-field-summary')).toBeInTheDocument();
  });

  it('sanitises markdown in the preview', async () => {
    objects['o-alpha'] = object('alpha', [
      field('summary', 'Hi <img src="x" onerror="alert(1)"> <script>alert(2)</script> **bold**'),
    ]);
    const { user } = openLivedocs();
    await openAlpha(user);
    await user.click(screen.getByTestId('livedocs-preview-toggle-summary'));
    const preview = screen.getByTestId('livedocs-preview-summary');
    expect(preview.querySelector('strong')).toHaveTextContent('bold');
    expect(preview.querySelector('img')?.getAttribute('onerror')).toBeNull();
    expect(preview.querySelector('script')).toBeNull();
    expect(preview.innerHTML).not.toContain('alert(2)');
  });

  it('clears the lists and says "Error fetching files" when the files fetch fails', async () => {
    openLivedocs({
      [`GET /api/v0/livedocs/files/${R}`]: () => new Response('oops', { status: 500 }),
    });
    expect(
      await screen.findByText(ERROR_FETCHING_FILES, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('livedocs-file-list')).not.toBeInTheDocument();
  });
});
