import { act, screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CHANGES_SAVED_AT,
  ERROR_FETCHING_FILES,
  ERROR_FETCHING_OBJECTS,
  FAILED_TO_SAVE,
  NO_ACTIVE_PARSER_SUBSCRIPTION_FOUND,
  type LivedocsField,
  type LivedocsFileJson,
  type LivedocsObject,
  type LivedocsObjectSummary,
  type Task,
} from '@codedocs/contract';
import { requestsTo, type ApiRoutes, type RouteHandler } from '@/test/api-routes';
import { jsonResponse } from '@/test/fetch-stub';
import { testRepo, testSubscription, testTask } from '@/test/fixtures';
import { currentPath, renderApp } from '@/test/render-app';
import { renderMarkdown } from '@/features/livedocs/components/markdown-preview';

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
    generated_count: 0,
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

const NOW = '2026-12-01T10:00:00.000Z';

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

let objects: Record<string, LivedocsObject> = {};

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
      // plenty left: generating starts without asking
      [`GET /api/v2/livedocs/estimate/${R}`]: () =>
        jsonResponse({
          repo_id: R,
          commit_id: COMMIT,
          objects: 2,
          to_spend: 1,
          used: 0,
          quota: 2000,
          left: 2000,
        }),
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
  objects = {
    'o-alpha': object('alpha', [field('summary', 'Alpha summary.'), field('notes', '')]),
    'o-beta': object('beta', [field('summary', 'Beta summary.')]),
  };
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

  it('refuses to generate when the account has no plan token, before generating', async () => {
    const { user, fetchMock } = openLivedocs({
      // the cookie is gone and the subscription, asked again, gives no token either
      'GET /api/v2/payments/subscription': () => jsonResponse({ ...testSubscription, jwt: '' }),
    });
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
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
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

  it('shows a field generated empty as "needs a writer", even with only filled fields shown', async () => {
    objects['o-alpha'] = object('alpha', [
      field('summary', 'Alpha summary.'),
      // the code gave no fact: generated, empty
      { ...field('description', ''), source: 'generated', version: 1 },
      field('notes', ''),
    ]);
    const { user } = openLivedocs();
    await openAlpha(user);
    await user.click(screen.getByTestId('livedocs-template-toggle'));
    expect(screen.getByTestId('livedocs-needs-writer-description')).toHaveTextContent(
      'needs a writer',
    );
    expect(screen.queryByTestId('livedocs-needs-writer-summary')).not.toBeInTheDocument();
    // never written nor generated: hidden with the empty template fields
    expect(screen.queryByTestId('livedocs-field-notes')).not.toBeInTheDocument();
    // a person writing in it takes the mark away
    await user.type(screen.getByTestId('livedocs-field-description'), 'Written.');
    expect(screen.queryByTestId('livedocs-needs-writer-description')).not.toBeInTheDocument();
  });

  it('offers Accept on generated text only, sends the version read, and shows it accepted', async () => {
    objects['o-alpha'] = object('alpha', [
      field('summary', 'Alpha summary.', 3),
      { ...field('description', 'Mine.'), source: 'edited' },
      { ...field('throws', 'Nothing.'), source: 'author' },
    ]);
    const { user, fetchMock } = openLivedocs({
      'POST /api/v0/livedocs/accept': (_url, init) => {
        const body = JSON.parse(String(init.body)) as { field_id: string; version: number };
        return jsonResponse({
          field: { ...field(body.field_id, 'Alpha summary.', body.version), accepted_at: NOW },
          status: 'documented',
        });
      },
    });
    await openAlpha(user);
    expect(screen.getByTestId('livedocs-field-source-summary')).toHaveTextContent('generated');
    expect(screen.getByTestId('livedocs-field-source-throws')).toHaveTextContent(
      'from the doc comment',
    );
    // a person's text and the author's are theirs already: nothing to accept
    expect(screen.queryByTestId('livedocs-accept-description')).not.toBeInTheDocument();
    expect(screen.queryByTestId('livedocs-accept-throws')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('livedocs-accept-summary'));
    await waitFor(() =>
      expect(screen.getByTestId('livedocs-field-source-summary')).toHaveTextContent(
        'generated · accepted',
      ),
    );
    expect(screen.queryByTestId('livedocs-accept-summary')).not.toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/v0/livedocs/accept')[0]?.body).toEqual({
      repo_id: R,
      object_id: 'o-alpha',
      field_id: 'summary',
      version: 3,
    });
    expect(screen.getByTestId('livedocs-object-status-alpha')).toHaveTextContent('documented');
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

  it('after a 409 shows their version: "Keep my text" saves mine over it with their version', async () => {
    const saves: { doc: string; version: number }[] = [];
    const { user } = openLivedocs({
      'POST /api/v0/livedocs/save': (_url, init) => {
        const body = JSON.parse(String(init.body)) as { doc: string; version: number };
        saves.push(body);
        if (body.version === 1) {
          // meanwhile someone saved version 2
          objects['o-alpha'] = object('alpha', [
            { ...field('summary', 'Theirs.', 2), source: 'edited', updated_by: 'Ada' },
            field('notes', ''),
          ]);
          return jsonResponse({ statusCode: 409, code: 'conflict', message: 'changed' }, 409);
        }
        return jsonResponse({ field: { ...field('summary', body.doc, 3) }, status: 'documented' });
      },
    });
    const summaryField = await openAlpha(user);
    await user.clear(summaryField);
    await user.type(summaryField, 'Mine.');
    await user.click(screen.getByTestId('livedocs-save'));
    const conflict = await screen.findByTestId('livedocs-conflict-summary');
    expect(await within(conflict).findByText('Theirs.')).toBeInTheDocument();
    expect(screen.getByTestId('livedocs-field-summary')).toHaveValue('Mine.');

    await user.click(screen.getByTestId('livedocs-keep-mine-summary'));
    expect(screen.queryByTestId('livedocs-conflict-summary')).not.toBeInTheDocument();
    expect(screen.getByTestId('livedocs-field-summary')).toHaveValue('Mine.');
    await user.click(screen.getByTestId('livedocs-save'));
    await waitFor(() =>
      expect(screen.getByTestId('livedocs-save-status')).toHaveTextContent(CHANGES_SAVED_AT),
    );
    expect(saves).toEqual([
      { repo_id: R, object_id: 'o-alpha', field_id: 'summary', doc: 'Mine.', version: 1 },
      { repo_id: R, object_id: 'o-alpha', field_id: 'summary', doc: 'Mine.', version: 2 },
    ]);
  });

  it('after a 409 "Reload their version" replaces the text with the saved one', async () => {
    const { user } = openLivedocs({
      'POST /api/v0/livedocs/save': () => {
        objects['o-alpha'] = object('alpha', [field('summary', 'Theirs.', 2)]);
        return jsonResponse({ statusCode: 409, code: 'conflict', message: 'changed' }, 409);
      },
    });
    const summaryField = await openAlpha(user);
    await user.type(summaryField, ' Mine.');
    await user.click(screen.getByTestId('livedocs-save'));
    await user.click(await screen.findByTestId('livedocs-take-theirs-summary'));
    expect(screen.getByTestId('livedocs-field-summary')).toHaveValue('Theirs.');
    expect(screen.getByTestId('livedocs-save')).toBeDisabled();
  });

  it('saves every changed field, one request each, before going on from the unsaved prompt', async () => {
    objects['o-alpha'] = object('alpha', [field('summary', 'S.'), field('notes', 'N.')]);
    const saved: string[] = [];
    const { user, router } = openLivedocs({
      'POST /api/v0/livedocs/save': (_url, init) => {
        const body = JSON.parse(String(init.body)) as { field_id: string; doc: string };
        saved.push(`${body.field_id}=${body.doc}`);
        return jsonResponse({ field: field(body.field_id, body.doc, 2), status: 'documented' });
      },
    });
    await openAlpha(user);
    await user.type(screen.getByTestId('livedocs-field-summary'), '1');
    await user.type(screen.getByTestId('livedocs-field-notes'), '2');
    expect(screen.getByTestId('livedocs-save')).toHaveTextContent('Save 2 fields');
    await user.click(screen.getByTestId('livedocs-object-beta'));
    await user.click(await screen.findByTestId('livedocs-unsaved-save'));
    await waitFor(() =>
      expect(screen.getByTestId('livedocs-field-summary')).toHaveValue('Beta summary.'),
    );
    expect(saved).toEqual(['summary=S.1', 'notes=N.2']);
    expect(currentPath(router)).toContain('object=o-beta');
  });

  it('shows the server message when generating is refused (403)', async () => {
    const { user } = openLivedocs({
      'POST /api/v2/livedocs/generate/all': () =>
        jsonResponse(
          { statusCode: 403, code: 'quota', message: 'Your monthly generation quota is used up' },
          403,
        ),
    });
    await screen.findByTestId('livedocs-file-src/a.ts', {}, { timeout: 5000 });
    Cookies.set('ps', 'plan-token');
    await user.click(screen.getByTestId('livedocs-generate-all'));
    expect(await screen.findByText('Your monthly generation quota is used up')).toBeInTheDocument();
  });

  it('follows a generation with a progress bar and fetches the lists again when it succeeds', async () => {
    const stream = taskStream();
    const running = testTask({
      task_id: 't1',
      kind: 'livedocs.generate',
      status: 'running',
      progress: { done: 1, total: 4 },
      message: 'Writing docs',
    });
    const { user, fetchMock } = openLivedocs({
      'GET /api/v1/events': stream.route,
      'POST /api/v2/livedocs/generate': () =>
        jsonResponse({ task_id: 't1', repo_id: R, commit_id: COMMIT, object_count: 4 }, 202),
      'GET /api/v1/tasks/t1': () => jsonResponse(running),
    });
    await openAlpha(user);
    Cookies.set('ps', 'plan-token');
    const calls = (route: string) => requestsTo(fetchMock, route).length;
    const before = {
      files: calls(`GET /api/v0/livedocs/files/${R}`),
      metadata: calls(`GET /api/v0/livedocs/metadata/${R}`),
      object: calls(`GET /api/v0/livedocs/object/${R}`),
    };
    await user.click(screen.getByTestId('livedocs-generate-selected'));
    const progress = await screen.findByTestId('livedocs-progress');
    await waitFor(() => expect(progress).toHaveTextContent('Writing docs'));
    expect(within(progress).getByRole('progressbar')).toHaveAttribute('aria-valuemax', '4');
    expect(screen.getByTestId('livedocs-generate-selected')).toBeDisabled();

    act(() => stream.send({ ...running, status: 'succeeded', progress: { done: 4, total: 4 } }));
    await waitFor(() => expect(progress).toHaveTextContent('Docs generated'));
    await waitFor(() => {
      expect(calls(`GET /api/v0/livedocs/files/${R}`)).toBe(before.files + 1);
      expect(calls(`GET /api/v0/livedocs/metadata/${R}`)).toBe(before.metadata + 1);
      expect(calls(`GET /api/v0/livedocs/object/${R}`)).toBe(before.object + 1);
    });
    expect(screen.getByTestId('livedocs-generate-selected')).toBeEnabled();
  });

  it('shows the indexing progress while the commit is read, then the files', async () => {
    const stream = taskStream();
    let indexed = false;
    const indexing = testTask({
      task_id: 'idx',
      kind: 'repo.index',
      status: 'running',
      progress: { done: 3, total: 10 },
      message: 'Parsing files',
    });
    openLivedocs({
      'GET /api/v1/events': stream.route,
      'GET /api/v1/tasks/idx': () => jsonResponse(indexing),
      [`GET /api/v0/livedocs/files/${R}`]: () =>
        jsonResponse({
          commit_id: COMMIT,
          index_status: indexed ? 'indexed' : 'indexing',
          task_id: indexed ? null : 'idx',
          files: indexed ? [file('src/a.ts')] : [],
        }),
    });
    const progress = await screen.findByTestId('livedocs-indexing', {}, { timeout: 5000 });
    await waitFor(() => expect(progress).toHaveTextContent('Parsing files'));
    indexed = true;
    act(() => stream.send({ ...indexing, status: 'succeeded' }));
    expect(await screen.findByTestId('livedocs-file-src/a.ts')).toBeInTheDocument();
    expect(screen.queryByTestId('livedocs-indexing')).not.toBeInTheDocument();
  });

  it('says "Error fetching objects" when the objects of the selection cannot be fetched', async () => {
    const { user } = openLivedocs({
      [`GET /api/v0/livedocs/metadata/${R}`]: () => new Response('', { status: 502 }),
    });
    await user.click(await screen.findByTestId('livedocs-file-src/a.ts', {}, { timeout: 5000 }));
    expect(await screen.findByTestId('livedocs-objects-error')).toHaveTextContent(
      ERROR_FETCHING_OBJECTS,
    );
  });

  it('selects all the files the extension filter shows, and none again', async () => {
    const { user, store } = openLivedocs();
    await screen.findByTestId('livedocs-file-src/a.ts', {}, { timeout: 5000 });
    await user.click(screen.getByTestId('livedocs-extension-filter'));
    await user.click(await screen.findByRole('option', { name: /\.py/ }));
    expect(screen.queryByTestId('livedocs-file-src/a.ts')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('livedocs-select-all'));
    expect(store.getState().livedocs.selectedFileIds).toEqual(['f-lib/b.py']);
    await user.click(screen.getByTestId('livedocs-select-all'));
    expect(store.getState().livedocs.selectedFileIds).toEqual([]);
  });

  it('shows the stale banner with a coloured diff; Regenerate sends the plan and shows the new fields', async () => {
    objects['o-alpha'] = {
      ...object('alpha', [field('summary', 'Old summary.')]),
      status: 'stale',
      stale: {
        written_at_commit: 'a'.repeat(40),
        diff: '--- a\n+++ b\n@@ -1,2 +1,2 @@\n function alpha(x) {\n-  return x;\n+  return x + 1;\n',
      },
    };
    const { user, fetchMock } = openLivedocs({
      'POST /api/v2/livedocs/regenerate': () =>
        jsonResponse({ object: object('alpha', [field('summary', 'New summary.', 2)]) }),
    });
    await openAlpha(user);
    const banner = screen.getByTestId('livedocs-stale-banner');
    const diff = within(banner).getByTestId('livedocs-diff');
    const line = (text: string) =>
      [...diff.querySelectorAll('div')].find((row) => row.textContent === text);
    expect(line('+  return x + 1;')?.className).toMatch(/emerald/);
    expect(line('-  return x;')?.className).toMatch(/red/);
    expect(line(' function alpha(x) {')?.className).not.toMatch(/emerald|red/);
    Cookies.set('ps', 'plan-token');
    await user.click(screen.getByTestId('livedocs-regenerate'));
    await waitFor(() =>
      expect(screen.getByTestId('livedocs-field-summary')).toHaveValue('New summary.'),
    );
    expect(screen.queryByTestId('livedocs-stale-banner')).not.toBeInTheDocument();
    const [request] = requestsTo(fetchMock, 'POST /api/v2/livedocs/regenerate');
    expect(request?.headers.get('x-plan')).toBe('plan-token');
    expect(request?.body).toEqual({ repo_id: R, object_id: 'o-alpha' });
  });

  it('opens a called object from its link; a name outside the repository is plain text', async () => {
    objects['o-alpha'] = {
      ...object('alpha', [field('summary', 'Alpha summary.')]),
      calls: [
        {
          object_id: 'o-beta',
          name: 'beta',
          qualified_name: 'beta',
          kind: 'function',
          file_path: 'src/a.ts',
          line: 2,
          snippet: 'beta(x)',
        },
        {
          object_id: null,
          name: 'parseInt',
          qualified_name: null,
          kind: null,
          file_path: null,
          line: 2,
          snippet: 'parseInt(x)',
        },
      ],
    };
    const { user } = openLivedocs();
    await openAlpha(user);
    const calls = screen.getByTestId('livedocs-calls');
    expect(within(calls).getByText('parseInt').closest('a')).toBeNull();
    await user.click(within(calls).getByRole('link', { name: 'beta' }));
    await waitFor(() =>
      expect(screen.getByTestId('livedocs-field-summary')).toHaveValue('Beta summary.'),
    );
  });

  it('renders markdown without scripts, event handlers or javascript: links', () => {
    const html = renderMarkdown(
      '[x](javascript:alert(1)) <img src=x onerror="alert(2)"><script>alert(3)</script> _ok_',
    );
    const box = document.createElement('div');
    box.innerHTML = html;
    expect(box.querySelector('script')).toBeNull();
    expect(box.querySelector('img')?.hasAttribute('onerror')).toBe(false);
    expect(box.querySelector('a')?.getAttribute('href') ?? '').not.toMatch(/javascript:/);
    expect(box.querySelector('em')).toHaveTextContent('ok');
  });
});

/** An event stream the test writes task events into. */
function taskStream() {
  const encoder = new TextEncoder();
  const controllers: ReadableStreamDefaultController<Uint8Array>[] = [];
  return {
    route: () =>
      new Response(
        new ReadableStream<Uint8Array>({
          start: (controller) => void controllers.push(controller),
        }),
        { headers: { 'Content-Type': 'text/event-stream' } },
      ),
    send: (task: Task) => {
      for (const controller of controllers) {
        try {
          controller.enqueue(encoder.encode(`event: task\ndata: ${JSON.stringify(task)}\n\n`));
        } catch {
          // a closed (aborted) stream
        }
      }
    },
  };
}

describe('/app/livedocs: Add to pocket', () => {
  const pocketList = () =>
    jsonResponse({
      metadata: [
        {
          compilation_id: 'p1',
          name: 'Public API',
          created_at: '2026-11-25T10:00:00.000Z',
          updated_at: '2026-11-25T10:00:00.000Z',
          object_count: 2,
          repositories: [],
        },
      ],
    });
  const added = (count: number) => () =>
    jsonResponse({ compilation_id: 'p1', changed: count, object_count: 2 + count });

  it('adds the open object to the pocket chosen in the dialog', async () => {
    const { user, fetchMock } = openLivedocs({
      'GET /api/v0/compilation/metadata': pocketList,
      'POST /api/v0/compilation/object': added(1),
    });
    await openAlpha(user);
    await user.click(screen.getByTestId('livedocs-add-to-pocket'));
    const dialog = await screen.findByTestId('add-to-pocket-dialog');
    expect(dialog).toHaveTextContent('Add alpha to a pocket');
    expect(within(dialog).getByRole('radio', { name: /Public API/ })).toBeChecked();
    await user.click(within(dialog).getByTestId('add-to-pocket-submit'));
    await waitFor(() => expect(screen.queryByTestId('add-to-pocket-dialog')).toBeNull());
    expect(requestsTo(fetchMock, 'POST /api/v0/compilation/object')[0]!.body).toEqual({
      compilation_id: 'p1',
      object_ids: ['o-alpha'],
    });
  });

  it('adds the selected objects of the list to a new pocket made in the dialog', async () => {
    const { user, fetchMock } = openLivedocs({
      'GET /api/v0/compilation/metadata': pocketList,
      'POST /api/v0/compilation': () =>
        jsonResponse(
          {
            compilation: {
              compilation_id: 'p2',
              name: 'Onboarding',
              created_at: '2026-11-25T10:00:00.000Z',
              updated_at: '2026-11-25T10:00:00.000Z',
              object_count: 0,
              repositories: [],
            },
          },
          201,
        ),
      'POST /api/v0/compilation/object': () =>
        jsonResponse({ compilation_id: 'p2', changed: 2, object_count: 2 }),
    });
    await user.click(await screen.findByTestId('livedocs-file-src/a.ts', {}, { timeout: 5000 }));
    const addSelected = await screen.findByTestId('livedocs-add-selected-to-pocket');
    expect(addSelected).toBeDisabled();
    await user.click(await screen.findByTestId('livedocs-object-check-alpha'));
    await user.click(screen.getByTestId('livedocs-object-check-beta'));
    await user.click(addSelected);
    const dialog = await screen.findByTestId('add-to-pocket-dialog');
    expect(dialog).toHaveTextContent('Add 2 objects to a pocket');
    await user.click(within(dialog).getByTestId('add-to-pocket-new'));
    await user.type(within(dialog).getByTestId('add-to-pocket-name'), 'Onboarding');
    await user.click(within(dialog).getByTestId('add-to-pocket-submit'));
    await waitFor(() => expect(screen.queryByTestId('add-to-pocket-dialog')).toBeNull());
    expect(requestsTo(fetchMock, 'POST /api/v0/compilation')[0]!.body).toEqual({
      name: 'Onboarding',
    });
    expect(requestsTo(fetchMock, 'POST /api/v0/compilation/object')[0]!.body).toEqual({
      compilation_id: 'p2',
      object_ids: ['o-alpha', 'o-beta'],
    });
  });
});
