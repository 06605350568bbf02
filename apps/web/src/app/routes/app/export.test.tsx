import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  Folder,
  FolderFile,
  FolderListResponse,
  FolderMetadataResponse,
} from '@codedocs/contract';
import { dismissToast } from '@/hooks/use-toast';
import { requestsTo, type ApiRoutes } from '@/test/api-routes';
import { jsonResponse } from '@/test/fetch-stub';
import { testFolder, testPocket, testTask } from '@/test/fixtures';
import { taskStream } from '@/test/livedocs-screen';
import { currentPath, renderApp } from '@/test/render-app';

beforeAll(() => {
  // jsdom does not scroll; Radix Select calls it.
  Element.prototype.scrollIntoView ??= () => {};
});

const objectUrls: Blob[] = [];
const savedDownloads: string[] = [];
beforeEach(() => {
  objectUrls.length = 0;
  savedDownloads.length = 0;
  // jsdom has no object URLs and does not follow a clicked <a download>
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => `blob:test/${objectUrls.push(blob)}`,
    revokeObjectURL: () => {},
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    if (this.download) savedDownloads.push(this.download);
  });
});

afterEach(() => {
  act(() => dismissToast());
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const folder = testFolder;

const pocket = testPocket;

const page = (folders: Folder[], cursor: string | null = null): FolderListResponse => ({
  folders,
  cursor,
});

const file = (path: string, contentType: string, size = 100): FolderFile => ({
  file_id: `id-${path.replace(/[^a-z0-9]/gi, '-')}`,
  path,
  size,
  content_type: contentType,
  sha256: '0'.repeat(64),
});

const apiDocs = folder('f1', 'API docs');

async function openExport(api: ApiRoutes = {}) {
  const app = renderApp('/app/export', { session: 'logged-in', api });
  // the first test waits for the screen's lazy chunk to be transformed
  await screen.findByTestId('screen-export', {}, { timeout: 10_000 });
  return app;
}

const folderNames = () =>
  screen.queryAllByTestId('folder-row').map((row) => row.dataset.folderName);

const findToast = (text: string) =>
  within(screen.getByRole('region', { name: /F8/ })).findByText(text);

describe('/app/export: the view mode and the folder lists', () => {
  it('starts on selfCreatedFolder, explains an empty list, and switches to sharedFolder', async () => {
    const { user, fetchMock } = await openExport({
      'GET /api/v1/staticdocs/folders/creator': () => jsonResponse(page([])),
      'GET /api/v1/staticdocs/folders/shared': () => jsonResponse(page([])),
    });
    const switcher = screen.getByTestId('staticdocs-view-mode');
    expect(switcher).toHaveAttribute('data-view-mode', 'selfCreatedFolder');
    const tabs = within(switcher).getAllByRole('tab');
    expect(tabs.map((tab) => tab.dataset.testid)).toEqual([
      'staticdocs-view-selfCreatedFolder',
      'staticdocs-view-sharedFolder',
    ]);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    const empty = await screen.findByTestId('folders-empty');
    expect(empty).toHaveTextContent('No sites yet');
    expect(within(empty).getByRole('button', { name: /build your first site/i })).toBeVisible();
    expect(requestsTo(fetchMock, 'GET /api/v1/staticdocs/folders/shared')).toHaveLength(0);

    // arrow keys move between the modes
    tabs[0]!.focus();
    await user.keyboard('{ArrowRight}');
    expect(switcher).toHaveAttribute('data-view-mode', 'sharedFolder');
    expect(tabs[1]).toHaveFocus();
    expect(await screen.findByTestId('folders-empty')).toHaveTextContent(
      'Nothing shared with you yet',
    );
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Shared with me');
    const [shared] = requestsTo(fetchMock, 'GET /api/v1/staticdocs/folders/shared');
    expect(shared!.url).toBe('/api/v1/staticdocs/folders/shared?limit=20');
    await user.click(tabs[0]!);
    expect(switcher).toHaveAttribute('data-view-mode', 'selfCreatedFolder');
  });

  it('shows each folder with its status, times, size and pinned commits', async () => {
    await openExport({
      'GET /api/v0/compilation/metadata': () =>
        jsonResponse({ metadata: [pocket('p1', 'Public API', 3)] }),
      'GET /api/v1/staticdocs/folders/creator': () =>
        jsonResponse(
          page([
            apiDocs,
            folder('f2', 'Broken', {
              status: 'failed',
              error: 'This compilation has no objects in the code to build a site from',
              file_count: 0,
              size: 0,
              pins: [],
              compilation_id: null,
            }),
          ]),
        ),
    });
    const rows = await screen.findAllByTestId('folder-row');
    expect(folderNames()).toEqual(['API docs', 'Broken']);
    const [ready, broken] = rows as [HTMLElement, HTMLElement];
    expect(within(ready).getByTestId('folder-status')).toHaveTextContent('Ready');
    expect(within(ready).getByTestId('folder-size')).toHaveTextContent('47 KB · 12 files');
    expect(within(ready).getByTestId('folder-pins')).toHaveTextContent('engineabcdef0');
    expect(within(ready).getByText('Public API')).toBeVisible();
    expect(within(ready).getByTestId('folder-open')).toBeEnabled();
    expect(within(broken).getByTestId('folder-status')).toHaveTextContent('Failed');
    expect(within(broken).getByTestId('folder-error')).toHaveTextContent(
      'The build failed: This compilation has no objects',
    );
    expect(within(broken).getByTestId('folder-open')).toBeDisabled();
    expect(within(broken).getByTestId('folder-download')).toBeDisabled();
    // its pocket is gone: it cannot be updated
    expect(within(broken).queryByTestId('folder-update')).toBeNull();
  });

  it('pages by cursor with "Load more" where the list cannot watch its end', async () => {
    const { user, fetchMock } = await openExport({
      'GET /api/v1/staticdocs/folders/creator': (url) =>
        url.includes('cursor=c1')
          ? jsonResponse(page([folder('f3', 'Third')]))
          : jsonResponse(page([apiDocs, folder('f2', 'Second')], 'c1')),
    });
    await screen.findAllByTestId('folder-row');
    expect(folderNames()).toEqual(['API docs', 'Second']);
    await user.click(screen.getByTestId('folders-load-more'));
    await waitFor(() => expect(folderNames()).toEqual(['API docs', 'Second', 'Third']));
    expect(screen.queryByTestId('folders-more')).toBeNull();
    expect(
      requestsTo(fetchMock, 'GET /api/v1/staticdocs/folders/creator').map((r) => r.url),
    ).toEqual([
      '/api/v1/staticdocs/folders/creator?limit=20',
      '/api/v1/staticdocs/folders/creator?limit=20&cursor=c1',
    ]);
  });

  it('loads the next page when the end of the list comes into view', async () => {
    const observed: IntersectionObserverCallback[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: IntersectionObserverCallback) {
          observed.push(callback);
        }
        observe() {}
        disconnect() {}
      },
    );
    await openExport({
      'GET /api/v1/staticdocs/folders/creator': (url) =>
        url.includes('cursor=c1')
          ? jsonResponse(page([folder('f3', 'Third')]))
          : jsonResponse(page([apiDocs], 'c1')),
    });
    await screen.findByTestId('folder-row');
    await waitFor(() => expect(observed.length).toBeGreaterThan(0));
    act(() =>
      observed.at(-1)!(
        [{ isIntersecting: true } as IntersectionObserverEntry],
        {} as IntersectionObserver,
      ),
    );
    await waitFor(() => expect(folderNames()).toEqual(['API docs', 'Third']));
  });

  it("shows the list's failure with a retry", async () => {
    let fail = true;
    const { user } = await openExport({
      'GET /api/v1/staticdocs/folders/creator': () =>
        fail
          ? jsonResponse({ statusCode: 503, code: 'unavailable', message: 'Database busy' }, 503)
          : jsonResponse(page([apiDocs])),
    });
    const failure = await screen.findByTestId('folders-error');
    expect(failure).toHaveTextContent('Database busy');
    fail = false;
    await user.click(within(failure).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('folder-row')).toHaveAttribute('data-folder-name', 'API docs');
  });
});

describe('/app/export: New site', () => {
  it('says there are no pockets and links to Pockets', async () => {
    const { user, router } = await openExport({
      'GET /api/v1/staticdocs/folders/creator': () => jsonResponse(page([])),
    });
    await user.click(await screen.findByTestId('new-site-button'));
    const dialog = await screen.findByTestId('new-site-dialog');
    expect(await within(dialog).findByTestId('new-site-no-pockets')).toHaveTextContent(
      'You have no pockets yet',
    );
    expect(within(dialog).getByTestId('new-site-submit')).toBeDisabled();
    await user.click(within(dialog).getByRole('link', { name: 'create one in Pockets' }));
    await waitFor(() => expect(currentPath(router)).toBe('/app/pockets'));
  });

  it('checks the form, shows refusals by field and the plan quota', async () => {
    let answer = () =>
      jsonResponse(
        {
          statusCode: 400,
          code: 'validation_failed',
          message: 'This name is taken',
          field: 'body.folder_name',
        },
        400,
      );
    const { user, fetchMock } = await openExport({
      'GET /api/v0/compilation/metadata': () =>
        jsonResponse({ metadata: [pocket('p1', 'Public API', 3), pocket('p2', 'Empty', 0)] }),
      'GET /api/v1/staticdocs/folders/creator': () => jsonResponse(page([])),
      'POST /api/v1/staticdocs/generate/compilation': () => answer(),
    });
    await user.click(await screen.findByTestId('new-site-button'));
    const dialog = await screen.findByTestId('new-site-dialog');
    await user.click(await within(dialog).findByTestId('new-site-submit'));
    expect(within(dialog).getByTestId('new-site-pocket-error')).toHaveTextContent(
      'Choose a pocket',
    );
    expect(within(dialog).getByText('Name the folder')).toBeVisible();
    expect(requestsTo(fetchMock, 'POST /api/v1/staticdocs/generate/compilation')).toHaveLength(0);

    await user.click(within(dialog).getByTestId('new-site-pocket'));
    expect(await screen.findByRole('option', { name: 'Empty · empty' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await user.click(screen.getByRole('option', { name: 'Public API · 3 objects' }));
    // the pocket's name is the first name of its site
    const name = within(dialog).getByTestId('new-site-name');
    expect(name).toHaveValue('Public API');
    await user.click(within(dialog).getByTestId('new-site-submit'));
    expect(await within(dialog).findByText('This name is taken')).toBeVisible();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(requestsTo(fetchMock, 'POST /api/v1/staticdocs/generate/compilation')[0]!.body).toEqual({
      compilation_id: 'p1',
      folder_name: 'Public API',
    });

    answer = () =>
      jsonResponse(
        {
          statusCode: 403,
          code: 'forbidden',
          message:
            'Your plan allows 3 static documentation folders; delete one or upgrade your plan to build another',
        },
        403,
      );
    await user.clear(name);
    await user.type(name, 'Docs 4');
    await user.click(within(dialog).getByTestId('new-site-submit'));
    const quota = await within(dialog).findByTestId('new-site-quota');
    expect(quota).toHaveTextContent('Your plan allows 3 static documentation folders');
    expect(
      within(quota).getByRole('link', { name: 'See the plans in Parser settings' }),
    ).toBeVisible();
  });

  it('builds a pocket: the progress in percent and step, then the folder is listed', async () => {
    const stream = taskStream();
    let folders: Folder[] = [];
    let built = folder('f9', 'Public API', {
      status: 'building',
      task_id: 'site:f9:1',
      file_count: 0,
      size: 0,
      pins: [],
    });
    const { user } = await openExport({
      'GET /api/v0/compilation/metadata': () =>
        jsonResponse({ metadata: [pocket('p1', 'Public API', 3)] }),
      'GET /api/v1/staticdocs/folders/creator': () => jsonResponse(page(folders)),
      'GET /api/v1/events': stream.route,
      'GET /api/v1/tasks/site%3Af9%3A1': () =>
        jsonResponse(testTask({ task_id: 'site:f9:1', kind: 'site.build', status: 'queued' })),
      'POST /api/v1/staticdocs/generate/compilation': () =>
        jsonResponse({ folder_id: 'f9', task_id: 'site:f9:1' }, 202),
      'GET /api/v1/staticdocs/folder/f9/metadata': () =>
        jsonResponse({ folder: built, files: [], cursor: null }),
    });
    expect(await screen.findByTestId('folders-empty')).toBeVisible();
    await user.click(screen.getByTestId('new-site-button'));
    const dialog = await screen.findByTestId('new-site-dialog');
    await user.click(await within(dialog).findByTestId('new-site-pocket'));
    await user.click(await screen.findByRole('option', { name: 'Public API · 3 objects' }));
    await user.click(within(dialog).getByTestId('new-site-submit'));

    const progress = await within(dialog).findByTestId('new-site-progress');
    // the folder is listed at once, building
    const row = await screen.findByTestId('folder-row');
    expect(within(row).getByTestId('folder-status')).toHaveTextContent('Building');
    const send = (done: number, total: number, message: string) =>
      stream.send(
        testTask({
          task_id: 'site:f9:1',
          kind: 'site.build',
          progress: { done, total },
          message,
        }),
      );
    await waitFor(() => expect(progress).toHaveAttribute('data-status', 'queued'));
    send(30, 120, 'Writing pages');
    await waitFor(() =>
      expect(within(progress).getByTestId('new-site-task')).toHaveTextContent(
        'Building the site · 25%',
      ),
    );
    expect(within(progress).getByTestId('new-site-task')).toHaveTextContent('Writing pages');
    expect(within(row).getByTestId('folder-build-progress')).toHaveTextContent('Building · 25%');

    built = { ...built, status: 'ready', task_id: null, file_count: 12, size: 48_000 };
    folders = [built];
    stream.send(
      testTask({
        task_id: 'site:f9:1',
        kind: 'site.build',
        status: 'succeeded',
        progress: { done: 120, total: 120 },
        message: 'Writing pages',
      }),
    );
    await waitFor(() => expect(progress).toHaveAttribute('data-status', 'succeeded'));
    expect(within(progress).getByTestId('new-site-task')).toHaveTextContent('Site ready');
    await waitFor(() =>
      expect(within(row).getByTestId('folder-status')).toHaveTextContent('Ready'),
    );
    expect(within(progress).getByTestId('new-site-open')).toBeVisible();
    await user.click(within(progress).getByTestId('new-site-close'));
    await waitFor(() => expect(screen.queryByTestId('new-site-dialog')).toBeNull());
    expect(within(row).getByTestId('folder-size')).toHaveTextContent('47 KB · 12 files');
  });

  it("shows the task's message when the build fails", async () => {
    const stream = taskStream();
    const failed = folder('f9', 'Site', {
      status: 'failed',
      task_id: 'site:f9:1',
      error: 'The site could not be built; try again',
      file_count: 0,
    });
    let current: Folder = { ...failed, status: 'building', error: null };
    const { user } = await openExport({
      'GET /api/v0/compilation/metadata': () =>
        jsonResponse({ metadata: [pocket('p1', 'Public API', 3)] }),
      'GET /api/v1/staticdocs/folders/creator': () => jsonResponse(page([])),
      'GET /api/v1/events': stream.route,
      'POST /api/v1/staticdocs/generate/compilation': () =>
        jsonResponse({ folder_id: 'f9', task_id: 'site:f9:1' }, 202),
      'GET /api/v1/staticdocs/folder/f9/metadata': () =>
        jsonResponse({ folder: current, files: [], cursor: null }),
    });
    await user.click(await screen.findByTestId('new-site-button'));
    const dialog = await screen.findByTestId('new-site-dialog');
    await user.click(await within(dialog).findByTestId('new-site-pocket'));
    await user.click(await screen.findByRole('option', { name: 'Public API · 3 objects' }));
    await user.type(within(dialog).getByTestId('new-site-name'), 'Site');
    await user.click(within(dialog).getByTestId('new-site-submit'));
    await within(dialog).findByTestId('new-site-progress');
    await screen.findByTestId('folder-row');
    current = failed;
    stream.send(
      testTask({
        task_id: 'site:f9:1',
        kind: 'site.build',
        status: 'failed',
        error: 'The site could not be built; try again',
      }),
    );
    expect(await within(dialog).findByTestId('new-site-failure')).toHaveTextContent(
      'The site could not be built; try again',
    );
    const row = screen.getByTestId('folder-row');
    await waitFor(() =>
      expect(within(row).getByTestId('folder-status')).toHaveTextContent('Failed'),
    );
    expect(within(row).getByTestId('folder-error')).toHaveTextContent(
      'The site could not be built; try again',
    );
  });
});

describe("/app/export: a folder's actions", () => {
  const listed: ApiRoutes = {
    'GET /api/v1/staticdocs/folders/creator': () => jsonResponse(page([apiDocs])),
  };

  it('opens the site in a tab opened inside the click, then sent to the short-lived address', async () => {
    const tab = {
      opener: {} as unknown,
      closed: false,
      close: vi.fn(),
      location: { href: '' },
      document: document.implementation.createHTMLDocument(''),
    };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const { user, fetchMock } = await openExport({
      ...listed,
      'POST /api/v1/staticdocs/folder/f1/open': () =>
        jsonResponse({
          url: 'http://127.0.0.1/sites/token/index.html',
          expires_at: '2026-11-25T11:00:00.000Z',
        }),
    });
    await user.click(await screen.findByTestId('folder-open'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    await waitFor(() => expect(tab.location.href).toBe('http://127.0.0.1/sites/token/index.html'));
    expect(requestsTo(fetchMock, 'POST /api/v1/staticdocs/folder/f1/open')).toHaveLength(1);
  });

  it('closes the tab and says why when the site cannot be opened', async () => {
    const tab = {
      opener: null,
      closed: false,
      close: vi.fn(),
      location: { href: '' },
      document: document.implementation.createHTMLDocument(''),
    };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const { user } = await openExport({
      ...listed,
      'POST /api/v1/staticdocs/folder/f1/open': () =>
        jsonResponse({ statusCode: 404, code: 'not_found', message: 'Folder not found' }, 404),
    });
    await user.click(await screen.findByTestId('folder-open'));
    expect(await findToast('Folder not found')).toBeVisible();
    expect(tab.close).toHaveBeenCalled();
  });

  it('downloads the whole site as a zip named after the folder', async () => {
    const { user, fetchMock } = await openExport({
      ...listed,
      'GET /api/v1/staticdocs/folder/f1/files': () =>
        new Response('PK zip', { headers: { 'Content-Type': 'application/zip' } }),
    });
    await user.click(await screen.findByTestId('folder-download'));
    await waitFor(() => expect(savedDownloads).toEqual(['API docs.zip']));
    expect(await objectUrls[0]!.text()).toBe('PK zip');
    expect(requestsTo(fetchMock, 'GET /api/v1/staticdocs/folder/f1/files')).toHaveLength(1);
  });

  it('updates a folder from its pocket and follows the build', async () => {
    const stream = taskStream();
    let current = apiDocs;
    const { user, fetchMock } = await openExport({
      ...listed,
      'GET /api/v1/events': stream.route,
      'POST /api/v1/staticdocs/folder/f1/update': () =>
        jsonResponse({ folder_id: 'f1', task_id: 'site:f1:2' }, 202),
      'GET /api/v1/tasks/site%3Af1%3A2': () =>
        jsonResponse(testTask({ task_id: 'site:f1:2', kind: 'site.build', status: 'queued' })),
      'GET /api/v1/staticdocs/folder/f1/metadata': () =>
        jsonResponse({ folder: current, files: [], cursor: null }),
    });
    const row = await screen.findByTestId('folder-row');
    await user.click(within(row).getByTestId('folder-update'));
    await waitFor(() =>
      expect(within(row).getByTestId('folder-status')).toHaveTextContent('Updating'),
    );
    expect(within(row).getByTestId('folder-update')).toBeDisabled();
    // the published site stays open while it is rebuilt
    expect(within(row).getByTestId('folder-open')).toBeEnabled();
    current = { ...apiDocs, updated_at: '2026-11-26T08:00:00.000Z', file_count: 14 };
    stream.send(testTask({ task_id: 'site:f1:2', kind: 'site.build', status: 'succeeded' }));
    await waitFor(() =>
      expect(within(row).getByTestId('folder-status')).toHaveTextContent('Ready'),
    );
    expect(within(row).getByTestId('folder-size')).toHaveTextContent('14 files');
    expect(requestsTo(fetchMock, 'POST /api/v1/staticdocs/folder/f1/update')).toHaveLength(1);
  });

  it('deletes an own folder after confirmation', async () => {
    const { user, fetchMock } = await openExport({
      'GET /api/v1/staticdocs/folders/creator': () =>
        jsonResponse(page([apiDocs, folder('f2', 'Second')])),
      'DELETE /api/v1/staticdocs/folders/created/f1': () => new Response(null, { status: 204 }),
    });
    const [row] = await screen.findAllByTestId('folder-row');
    await user.click(within(row!).getByTestId('folder-delete'));
    const confirm = await screen.findByTestId('delete-folder-dialog');
    expect(confirm).toHaveTextContent('Delete “API docs”?');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(requestsTo(fetchMock, 'DELETE /api/v1/staticdocs/folders/created/f1')).toHaveLength(0);
    await user.click(within(row!).getByTestId('folder-delete'));
    await user.click(await screen.findByTestId('delete-folder-confirm'));
    await waitFor(() => expect(folderNames()).toEqual(['Second']));
    expect(await findToast('Deleted “API docs”')).toBeVisible();
  });

  it('takes a shared folder off the list with "Remove from my list"', async () => {
    const shared = folder('s1', 'Team docs', {
      owner: { user_id: 'user-2', name: 'Grace Hopper' },
      permission: 'viewer',
    });
    const { user, fetchMock } = await openExport({
      'GET /api/v1/staticdocs/folders/creator': () => jsonResponse(page([])),
      'GET /api/v1/staticdocs/folders/shared': () => jsonResponse(page([shared])),
      'DELETE /api/v1/staticdocs/folders/shared/s1': () => new Response(null, { status: 204 }),
    });
    await user.click(screen.getByTestId('staticdocs-view-sharedFolder'));
    const row = await screen.findByTestId('folder-row');
    expect(within(row).getByTestId('folder-owner')).toHaveTextContent(
      'Shared by Grace Hopper · viewer',
    );
    // a viewer cannot rebuild it
    expect(within(row).queryByTestId('folder-update')).toBeNull();
    await user.click(within(row).getByRole('button', { name: 'Remove from my list' }));
    await user.click(await screen.findByTestId('delete-folder-confirm'));
    await waitFor(() => expect(screen.queryByTestId('folder-row')).toBeNull());
    expect(requestsTo(fetchMock, 'DELETE /api/v1/staticdocs/folders/shared/s1')).toHaveLength(1);
    expect(screen.getByTestId('folders-empty')).toHaveTextContent('Nothing shared with you yet');
  });
});

describe('/app/export: browsing a folder', () => {
  const files = [
    file('assets/logo.png', 'image/png'),
    file('assets/site.js', 'text/javascript; charset=utf-8'),
    file('index.html', 'text/html; charset=utf-8'),
  ];
  const metadata = (slice: FolderFile[], cursor: string | null): FolderMetadataResponse => ({
    folder: apiDocs,
    files: slice,
    cursor,
  });
  const browseRoutes: ApiRoutes = {
    'GET /api/v1/staticdocs/folders/creator': () => jsonResponse(page([apiDocs])),
    'GET /api/v1/staticdocs/folder/f1/metadata': (url) =>
      url.includes('cursor=next')
        ? jsonResponse(metadata(files.slice(2), null))
        : jsonResponse(metadata(files.slice(0, 2), 'next')),
    'GET /api/v1/staticdocs/folder/f1/file/id-index-html': () =>
      new Response('<html><head></head><body><script>alert(1)</script>Hi</body></html>', {
        headers: { 'Content-Type': 'text/html; charset=utf-8' },
      }),
    'GET /api/v1/staticdocs/folder/f1/file/id-assets-site-js': () =>
      new Response('const answer = 42;', { headers: { 'Content-Type': 'text/javascript' } }),
    'GET /api/v1/staticdocs/folder/f1/file/id-assets-logo-png': () =>
      new Response(new Uint8Array([137, 80, 78, 71]), {
        headers: { 'Content-Type': 'image/png' },
      }),
    'POST /api/v1/staticdocs/folder/f1/files': () =>
      new Response('PK part', { headers: { 'Content-Type': 'application/zip' } }),
  };

  async function browse() {
    const app = await openExport(browseRoutes);
    await app.user.click(await screen.findByTestId('folder-browse'));
    const dialog = await screen.findByTestId('folder-files-dialog');
    await within(dialog).findAllByTestId('folder-file');
    return { ...app, dialog };
  }

  const paths = (dialog: HTMLElement) =>
    within(dialog)
      .getAllByTestId('folder-file')
      .map((row) => row.dataset.path);

  it('pages the files and previews text, HTML as source or sandboxed, and images', async () => {
    const { user, dialog } = await browse();
    expect(paths(dialog)).toEqual(['assets/logo.png', 'assets/site.js']);
    await user.click(within(dialog).getByTestId('folder-files-load-more'));
    await waitFor(() =>
      expect(paths(dialog)).toEqual(['assets/logo.png', 'assets/site.js', 'index.html']),
    );

    const row = (path: string) =>
      within(dialog)
        .getAllByTestId('folder-file')
        .find((item) => item.dataset.path === path)!;
    await user.click(within(row('assets/site.js')).getByTestId('folder-file-open'));
    expect(await within(dialog).findByTestId('file-preview-text')).toHaveTextContent(
      'const answer = 42;',
    );

    await user.click(within(row('index.html')).getByTestId('folder-file-open'));
    const source = await within(dialog).findByTestId('file-preview-text');
    await waitFor(() => expect(source).toHaveTextContent('<script>alert(1)</script>Hi'));
    // shown as text: no element was made from it
    expect(dialog.querySelector('script')).toBeNull();
    await user.click(within(dialog).getByTestId('file-preview-rendered'));
    const frame = within(dialog).getByTestId('file-preview-frame');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toContain(
      '<head><meta http-equiv="Content-Security-Policy" content="default-src \'none\';',
    );

    await user.click(within(row('assets/logo.png')).getByTestId('folder-file-open'));
    const image = await within(dialog).findByTestId('file-preview-image');
    expect(image.getAttribute('src')).toMatch(/^blob:test\//);
    expect(image).toHaveAccessibleName('assets/logo.png');
  });

  it('downloads the chosen files, toggled by id', async () => {
    const { user, dialog, fetchMock } = await browse();
    const download = within(dialog).getByTestId('folder-files-download-selected');
    expect(download).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Select assets/site.js' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Select assets/logo.png' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Select assets/logo.png' }));
    expect(within(dialog).getByTestId('folder-files-selected')).toHaveTextContent('1 selected');
    await user.click(download);
    await waitFor(() => expect(savedDownloads).toEqual(['API docs (selection).zip']));
    expect(requestsTo(fetchMock, 'POST /api/v1/staticdocs/folder/f1/files')[0]!.body).toEqual({
      file_ids: ['id-assets-site-js'],
    });

    await user.click(within(dialog).getByTestId('folder-files-select-all'));
    expect(within(dialog).getByTestId('folder-files-selected')).toHaveTextContent('2 selected');
    await user.click(within(dialog).getByTestId('folder-files-select-all'));
    expect(download).toBeDisabled();
  });
});
