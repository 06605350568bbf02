import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CompilationMetadata, ListedObject } from '@codedocs/contract';
import { dismissToast } from '@/hooks/use-toast';
import { requestsTo, type ApiRoutes } from '@/test/api-routes';
import { jsonResponse } from '@/test/fetch-stub';
import { currentPath, renderApp } from '@/test/render-app';

beforeAll(() => {
  // jsdom does not scroll; Radix Select and the list's focus move call it.
  Element.prototype.scrollIntoView ??= () => {};
});

afterEach(() => {
  act(() => dismissToast());
});

const pocket = (
  id: string,
  name: string,
  objectCount = 0,
  repositories: CompilationMetadata['repositories'] = [],
): CompilationMetadata => ({
  compilation_id: id,
  name,
  created_at: '2026-11-25T10:00:00.000Z',
  updated_at: '2026-11-25T10:00:00.000Z',
  object_count: objectCount,
  repositories,
});

const object = (
  id: string,
  repo: 'engine' | 'web',
  overrides: Partial<ListedObject> = {},
): ListedObject => ({
  object_id: id,
  repo_id: `repo-${repo}`,
  repo_name: repo,
  name: id,
  qualified_name: id,
  kind: 'function',
  language: 'typescript',
  file_id: 'f',
  file_path: `src/${id}.ts`,
  line_start: 3,
  status: 'documented',
  summary: null,
  ...overrides,
});

const repositories: CompilationMetadata['repositories'] = [
  {
    repo_id: 'repo-engine',
    repo_name: 'engine',
    repo_url: 'https://git.example/acme/engine',
    last_updated: '2026-11-24T09:00:00.000Z',
    files: 2,
    objects: 3,
  },
  {
    repo_id: 'repo-web',
    repo_name: 'web',
    repo_url: 'git://git.example/acme/web.git',
    last_updated: null,
    files: 1,
    objects: 1,
  },
];

// engine: parse, Lexer (class), render (removed at head); web: App
const apiObjects = [
  object('parse', 'engine'),
  object('App', 'web', { kind: 'class' }),
  object('Lexer', 'engine', { kind: 'class', status: 'stale' }),
  object('render', 'engine', { status: 'removed' }),
];
const apiPocket = pocket('p1', 'Public API', 4, repositories);

function pocketRoutes(objects: ListedObject[] = apiObjects): ApiRoutes {
  return {
    'GET /api/v0/compilation/metadata': () =>
      jsonResponse({ metadata: [apiPocket, pocket('p2', 'Onboarding')] }),
    'GET /api/v0/compilation/p1/object/metadata': () =>
      jsonResponse({ compilation_id: 'p1', objects }),
    'GET /api/v0/compilation/p2/object/metadata': () =>
      jsonResponse({ compilation_id: 'p2', objects: [] }),
  };
}

async function openPockets(path = '/app/pockets', api: ApiRoutes = {}) {
  const app = renderApp(path, { session: 'logged-in', api });
  await screen.findByTestId('screen-pockets');
  return app;
}

const objectNames = () =>
  screen.queryAllByTestId('pocket-object').map((row) => row.dataset.objectName);

describe('/app/pockets: the list', () => {
  it('explains an empty list and creates a pocket, which is appended and opened', async () => {
    const created = pocket('p9', 'Service APIs');
    const { user, fetchMock, router } = await openPockets('/app/pockets', {
      'POST /api/v0/compilation': () => jsonResponse({ compilation: created }, 201),
      'GET /api/v0/compilation/p9/object/metadata': () =>
        jsonResponse({ compilation_id: 'p9', objects: [] }),
    });
    expect(await screen.findByTestId('pockets-empty')).toHaveTextContent('No pockets yet');

    await user.click(screen.getByTestId('pocket-create'));
    const dialog = await screen.findByTestId('pocket-name-dialog');
    await user.click(within(dialog).getByTestId('pocket-name-submit'));
    expect(within(dialog).getByText('Enter a name')).toBeVisible();
    expect(requestsTo(fetchMock, 'POST /api/v0/compilation')).toHaveLength(0);

    await user.type(within(dialog).getByTestId('pocket-name-input'), '  Service APIs ');
    await user.click(within(dialog).getByTestId('pocket-name-submit'));
    await waitFor(() => expect(screen.queryByTestId('pocket-name-dialog')).toBeNull());
    expect(requestsTo(fetchMock, 'POST /api/v0/compilation')[0]!.body).toEqual({
      name: 'Service APIs',
    });
    expect(screen.getAllByTestId('pocket-row').map((row) => row.dataset.pocketName)).toEqual([
      'Service APIs',
    ]);
    expect(currentPath(router)).toBe('/app/pockets?pocket=p9');
    expect(await screen.findByTestId('pocket-objects-empty')).toHaveTextContent(
      'This pocket is empty',
    );
  });

  it('shows the server refusal of a taken name in the dialog', async () => {
    const { user } = await openPockets('/app/pockets', {
      ...pocketRoutes(),
      'POST /api/v0/compilation': () =>
        jsonResponse(
          {
            statusCode: 409,
            code: 'conflict',
            message: 'You already have a compilation named “Onboarding”',
          },
          409,
        ),
    });
    await screen.findAllByTestId('pocket-row');
    await user.click(screen.getByTestId('pocket-create'));
    const dialog = await screen.findByTestId('pocket-name-dialog');
    await user.type(within(dialog).getByTestId('pocket-name-input'), 'Onboarding');
    await user.click(within(dialog).getByTestId('pocket-name-submit'));
    expect(
      await within(dialog).findByText('You already have a compilation named “Onboarding”'),
    ).toBeVisible();
    expect(screen.getAllByTestId('pocket-row')).toHaveLength(2);
  });

  it('filters pockets by name and shows their counts', async () => {
    const { user } = await openPockets('/app/pockets', pocketRoutes());
    const rows = await screen.findAllByTestId('pocket-row');
    expect(rows.map((row) => row.dataset.pocketName)).toEqual(['Public API', 'Onboarding']);
    expect(within(rows[0]!).getByTestId('pocket-row-counts')).toHaveTextContent(
      '4 objects · 2 repositories',
    );
    await user.type(screen.getByTestId('pocket-filter'), 'board');
    expect(screen.getAllByTestId('pocket-row').map((row) => row.dataset.pocketName)).toEqual([
      'Onboarding',
    ]);
    await user.clear(screen.getByTestId('pocket-filter'));
    await user.type(screen.getByTestId('pocket-filter'), 'zzz');
    expect(screen.getByTestId('pockets-no-match')).toBeVisible();
  });

  it('shows "Error fetching compilations" with a retry', async () => {
    let fail = true;
    const { user } = await openPockets('/app/pockets', {
      'GET /api/v0/compilation/metadata': () =>
        fail ? new Response('', { status: 500 }) : jsonResponse({ metadata: [apiPocket] }),
    });
    const failure = await screen.findByTestId('pockets-error');
    expect(failure).toHaveTextContent('Error fetching compilations');
    fail = false;
    await user.click(within(failure).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('pocket-row')).toHaveAttribute(
      'data-pocket-name',
      'Public API',
    );
  });

  it('renames a pocket and deletes it after confirmation', async () => {
    const { user, fetchMock, router } = await openPockets('/app/pockets?pocket=p1', {
      ...pocketRoutes(),
      'PATCH /api/v0/compilation/p1': () =>
        jsonResponse({ compilation: { ...apiPocket, name: 'Core API' } }),
      'DELETE /api/v0/compilation/p1': () => new Response(null, { status: 204 }),
    });
    await screen.findAllByTestId('pocket-object');
    await user.click(screen.getByTestId('pocket-rename'));
    const input = await screen.findByTestId('pocket-name-input');
    expect(input).toHaveValue('Public API');
    await user.clear(input);
    await user.type(input, 'Core API{Enter}');
    expect(await screen.findByRole('heading', { name: 'Core API' })).toBeVisible();
    expect(requestsTo(fetchMock, 'PATCH /api/v0/compilation/p1')[0]!.body).toEqual({
      name: 'Core API',
    });

    await user.click(screen.getByTestId('pocket-delete'));
    const confirm = await screen.findByTestId('delete-pocket-dialog');
    expect(confirm).toHaveTextContent('Delete “Core API”?');
    await user.click(within(confirm).getByTestId('delete-pocket-confirm'));
    await waitFor(() =>
      expect(screen.getAllByTestId('pocket-row').map((row) => row.dataset.pocketName)).toEqual([
        'Onboarding',
      ]),
    );
    expect(requestsTo(fetchMock, 'DELETE /api/v0/compilation/p1')).toHaveLength(1);
    expect(currentPath(router)).toBe('/app/pockets');
  });
});

describe('/app/pockets: several pockets', () => {
  it('selects pockets by id and deletes the selection after confirmation', async () => {
    const { user, fetchMock } = await openPockets('/app/pockets', {
      ...pocketRoutes(),
      'DELETE /api/v0/compilation/p1': () => new Response(null, { status: 204 }),
      'DELETE /api/v0/compilation/p2': () => new Response(null, { status: 204 }),
    });
    await screen.findAllByTestId('pocket-row');
    expect(screen.queryByTestId('pocket-delete-selected')).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Select Public API' }));
    expect(screen.getByTestId('pocket-delete-selected')).toHaveTextContent('Delete 1 selected');
    await user.click(screen.getByTestId('pocket-select-all-pockets'));
    await user.click(screen.getByTestId('pocket-delete-selected'));
    const confirm = await screen.findByTestId('delete-pockets-dialog');
    expect(confirm).toHaveTextContent('Delete 2 pockets?');
    expect(confirm).toHaveTextContent('“Public API”, “Onboarding”');
    await user.click(within(confirm).getByTestId('delete-pockets-confirm'));
    expect(await screen.findByTestId('pockets-empty')).toBeVisible();
    expect(requestsTo(fetchMock, 'DELETE /api/v0/compilation/p1')).toHaveLength(1);
    expect(requestsTo(fetchMock, 'DELETE /api/v0/compilation/p2')).toHaveLength(1);
  });
});

describe('/app/pockets: a pocket', () => {
  it('groups objects by repository with its details and says which left the code', async () => {
    await openPockets('/app/pockets?pocket=p1', pocketRoutes());
    await screen.findAllByTestId('pocket-object');
    const repos = screen.getAllByTestId('pocket-repo');
    expect(repos.map((repo) => repo.dataset.repoName)).toEqual(['engine', 'web']);
    expect(repos[0]).toHaveTextContent('https://git.example/acme/engine');
    expect(within(repos[0]!).getByTestId('pocket-repo-meta')).toHaveTextContent(
      /3 objects in 2 files · last updated .*2026/,
    );
    expect(within(repos[1]!).getByTestId('pocket-repo-meta')).toHaveTextContent(
      '1 object in 1 file · last updated —',
    );
    expect(objectNames()).toEqual(['parse', 'Lexer', 'render', 'App']);
    const render = screen.getAllByTestId('pocket-object')[2]!;
    expect(within(render).getByTestId('pocket-object-status')).toHaveTextContent(
      'removed from the code',
    );
    expect(screen.getByTestId('pocket-counts')).toHaveTextContent('4 objects from 2 repositories');
  });

  it('filters objects by name, type and repository', async () => {
    const { user } = await openPockets('/app/pockets?pocket=p1', pocketRoutes());
    await screen.findAllByTestId('pocket-object');
    await user.type(screen.getByTestId('pocket-object-filter'), 'LE');
    expect(objectNames()).toEqual(['Lexer']);
    await user.clear(screen.getByTestId('pocket-object-filter'));

    await user.click(screen.getByTestId('pocket-kind-filter'));
    await user.click(await screen.findByRole('option', { name: 'class' }));
    // the groups keep their order (engine first) while filtered
    expect(objectNames()).toEqual(['Lexer', 'App']);
    expect(screen.getByTestId('pocket-order-hint')).toHaveTextContent(
      'Clear the filters to reorder.',
    );

    await user.click(screen.getByTestId('pocket-repo-filter'));
    await user.click(await screen.findByRole('option', { name: 'web' }));
    expect(objectNames()).toEqual(['App']);
    expect(screen.getAllByTestId('pocket-repo').map((r) => r.dataset.repoName)).toEqual(['web']);
  });

  it('removes one object, then a selection made with select all', async () => {
    const { user, fetchMock } = await openPockets('/app/pockets?pocket=p1', {
      ...pocketRoutes(),
      'DELETE /api/v0/compilation/p1/object/render': () =>
        jsonResponse({ compilation_id: 'p1', changed: 1, object_count: 3 }),
      'POST /api/v0/compilation/p1/object/remove': () =>
        jsonResponse({ compilation_id: 'p1', changed: 2, object_count: 1 }),
    });
    await screen.findAllByTestId('pocket-object');
    await user.click(screen.getByRole('button', { name: 'Remove render' }));
    await waitFor(() => expect(objectNames()).toEqual(['parse', 'Lexer', 'App']));

    await user.type(screen.getByTestId('pocket-object-filter'), 'e');
    expect(objectNames()).toEqual(['parse', 'Lexer']);
    await user.click(screen.getByTestId('pocket-select-all'));
    expect(screen.getByTestId('pocket-selected-count')).toHaveTextContent('2 selected');
    await user.click(screen.getByTestId('pocket-remove-selected'));
    await user.clear(screen.getByTestId('pocket-object-filter'));
    await waitFor(() => expect(objectNames()).toEqual(['App']));
    expect(requestsTo(fetchMock, 'POST /api/v0/compilation/p1/object/remove')[0]!.body).toEqual({
      object_ids: ['parse', 'Lexer'],
    });
    expect(screen.getByTestId('pocket-selected-count')).toHaveTextContent('0 selected');
  });

  it('reorders with Alt+ArrowUp/Down on a focused row and saves the order once', async () => {
    const { fetchMock } = await openPockets('/app/pockets?pocket=p1', {
      ...pocketRoutes(),
      'PUT /api/v0/compilation/p1/order': (_url, init) =>
        jsonResponse({
          compilation_id: 'p1',
          objects: (JSON.parse(String(init.body)) as { object_ids: string[] }).object_ids.map(
            (id) => apiObjects.find((o) => o.object_id === id)!,
          ),
        }),
    });
    const rows = await screen.findAllByTestId('pocket-object');
    const render = rows[2]!;
    render.focus();
    fireEvent.keyDown(render, { key: 'ArrowUp', altKey: true });
    fireEvent.keyDown(render, { key: 'ArrowUp', altKey: true });
    expect(objectNames()).toEqual(['render', 'parse', 'Lexer', 'App']);
    // at the top of its repository it stays
    fireEvent.keyDown(render, { key: 'ArrowUp', altKey: true });
    expect(objectNames()).toEqual(['render', 'parse', 'Lexer', 'App']);
    expect(screen.getByTestId('pocket-order-status')).toHaveTextContent('Saving order…');
    await waitFor(() =>
      expect(screen.getByTestId('pocket-order-status')).toHaveTextContent('Order saved'),
    );
    // web's App keeps its place in the saved order
    expect(requestsTo(fetchMock, 'PUT /api/v0/compilation/p1/order').map((r) => r.body)).toEqual([
      { object_ids: ['render', 'App', 'parse', 'Lexer'] },
    ]);
  });

  it('moves a row from its menu, which knows the ends of each repository', async () => {
    const { user, fetchMock } = await openPockets('/app/pockets?pocket=p1', {
      ...pocketRoutes(),
      'PUT /api/v0/compilation/p1/order': () => jsonResponse({ compilation_id: 'p1', objects: [] }),
    });
    await screen.findAllByTestId('pocket-object');
    await user.click(screen.getByRole('button', { name: 'Move parse' }));
    expect(await screen.findByRole('menuitem', { name: 'Move up' })).toHaveAttribute(
      'data-disabled',
    );
    await user.click(screen.getByRole('menuitem', { name: 'Move down' }));
    expect(objectNames()).toEqual(['Lexer', 'parse', 'render', 'App']);
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'PUT /api/v0/compilation/p1/order')).toHaveLength(1),
    );
    expect(requestsTo(fetchMock, 'PUT /api/v0/compilation/p1/order')[0]!.body).toEqual({
      object_ids: ['Lexer', 'App', 'parse', 'render'],
    });
  });

  it('shows "Error fetching objects" with a retry', async () => {
    let fail = true;
    const { user } = await openPockets('/app/pockets?pocket=p1', {
      ...pocketRoutes(),
      'GET /api/v0/compilation/p1/object/metadata': () =>
        fail
          ? new Response('', { status: 500 })
          : jsonResponse({ compilation_id: 'p1', objects: apiObjects }),
    });
    const failure = await screen.findByTestId('pocket-objects-error');
    expect(failure).toHaveTextContent('Error fetching objects');
    fail = false;
    await user.click(within(failure).getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('pocket-object')).toHaveLength(4);
  });

  it('adds objects from the picker: debounced search, what is in already, multi-select', async () => {
    const found = [
      object('parse', 'engine'),
      object('tokenize', 'engine'),
      object('Button', 'web', { kind: 'class' }),
    ];
    const { user, fetchMock } = await openPockets('/app/pockets?pocket=p1', {
      ...pocketRoutes(),
      'GET /api/v0/objects/search': () => jsonResponse({ objects: found, cursor: null }),
      'POST /api/v0/compilation/object': () =>
        jsonResponse({ compilation_id: 'p1', changed: 2, object_count: 6 }),
    });
    await screen.findAllByTestId('pocket-object');
    await user.click(screen.getByTestId('pocket-add-objects'));
    const dialog = await screen.findByTestId('add-objects-dialog');
    await within(dialog).findAllByTestId('picker-object');
    await user.type(within(dialog).getByTestId('picker-search'), 'to');
    await waitFor(() =>
      expect(
        requestsTo(fetchMock, 'GET /api/v0/objects/search').some((r) => r.url.includes('q=to')),
      ).toBe(true),
    );
    // one request for the settled text, none per keystroke
    expect(
      requestsTo(fetchMock, 'GET /api/v0/objects/search').filter((r) => r.url.includes('q=t&')),
    ).toHaveLength(0);

    const rows = within(dialog).getAllByTestId('picker-object');
    const parse = rows.find((row) => row.dataset.objectName === 'parse')!;
    expect(within(parse).getByTestId('picker-object-present')).toHaveTextContent('In pocket');
    expect(within(parse).getByRole('checkbox')).toBeDisabled();

    await user.click(within(dialog).getByTestId('picker-select-all'));
    expect(within(dialog).getByTestId('picker-chosen-count')).toHaveTextContent('2 selected');
    await user.click(within(dialog).getByTestId('picker-add'));
    await waitFor(() => expect(screen.queryByTestId('add-objects-dialog')).toBeNull());
    expect(requestsTo(fetchMock, 'POST /api/v0/compilation/object')[0]!.body).toEqual({
      compilation_id: 'p1',
      object_ids: ['tokenize', 'Button'],
    });
  });

  it('pages the picker by cursor, and says "Error fetching objects" when the search fails', async () => {
    let fail = false;
    const { user, fetchMock } = await openPockets('/app/pockets?pocket=p1', {
      ...pocketRoutes(),
      'GET /api/v0/objects/search': (url) => {
        if (fail) return new Response('', { status: 500 });
        const cursor = new URL(url, 'http://x').searchParams.get('cursor');
        return cursor === 'page-2'
          ? jsonResponse({ objects: [object('third', 'web')], cursor: null })
          : jsonResponse({
              objects: [object('first', 'engine'), object('second', 'engine')],
              cursor: 'page-2',
            });
      },
    });
    await screen.findAllByTestId('pocket-object');
    await user.click(screen.getByTestId('pocket-add-objects'));
    const dialog = await screen.findByTestId('add-objects-dialog');
    // the first page does not fill the box (jsdom has no layout), so the next one is asked for
    await waitFor(() => expect(within(dialog).getAllByTestId('picker-object')).toHaveLength(3));
    const pages = requestsTo(fetchMock, 'GET /api/v0/objects/search');
    expect(pages.map((r) => new URL(r.url, 'http://x').searchParams.get('cursor'))).toEqual([
      null,
      'page-2',
    ]);

    fail = true;
    await user.type(within(dialog).getByTestId('picker-search'), 'x');
    expect(await within(dialog).findByTestId('picker-error')).toHaveTextContent(
      'Error fetching objects',
    );
  });

  it('sends the picker filters to the search', async () => {
    const { user, fetchMock } = await openPockets('/app/pockets?pocket=p1', {
      ...pocketRoutes(),
      'GET /api/v0/objects/search': () => jsonResponse({ objects: [], cursor: null }),
    });
    await screen.findAllByTestId('pocket-object');
    await user.click(screen.getByTestId('pocket-add-objects'));
    const dialog = await screen.findByTestId('add-objects-dialog');
    expect(await within(dialog).findByText(/No indexed objects yet/)).toBeVisible();
    await user.click(within(dialog).getByTestId('picker-kind'));
    await user.click(await screen.findByRole('option', { name: 'class' }));
    await user.click(within(dialog).getByTestId('picker-status'));
    await user.click(await screen.findByRole('option', { name: 'stale' }));
    await waitFor(() => {
      const last = requestsTo(fetchMock, 'GET /api/v0/objects/search').at(-1)!;
      const query = new URL(last.url, 'http://x').searchParams;
      expect(query.get('kind')).toBe('class');
      expect(query.get('status')).toBe('stale');
    });
    expect(within(dialog).getByText('No object matches the search.')).toBeVisible();
  });
});
