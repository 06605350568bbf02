import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FileContentJson, FileJson, FilesPage, RepoJson } from '@codedocs/contract';
import { CODE_BLOCKS_STORAGE_KEY } from '@/features/files/hooks/use-code-blocks';
import { requestsTo, type ApiRoutes, type RouteHandler } from '@/test/api-routes';
import { jsonResponse } from '@/test/fetch-stub';
import { testRepo } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const FILES_ROUTE = `GET /api/v3/repo/files/${testRepo.repo_id}`;
const CONTENT_ROUTE = `GET /api/v0/file/content/${testRepo.repo_id}`;
const NEW_COMMIT = 'fedcba9876543210fedcba9876543210fedcba98';

function testFile(path: string, overrides: Partial<FileJson> = {}): FileJson {
  const name = path.split('/').pop() ?? path;
  const dot = name.lastIndexOf('.');
  return {
    file_id: `file-${path}`,
    file_name: name,
    file_path: path,
    file_url: null,
    size: 120,
    language: name.endsWith('.ts') ? 'typescript' : null,
    extension: dot === -1 ? '' : name.slice(dot + 1),
    ...overrides,
  };
}

function filesPage(files: FileJson[], token: string | null, total: number): FilesPage {
  return {
    files,
    pagination_token: token,
    commit_id: testRepo.commit_id ?? '',
    total,
    extensions: [
      { extension: 'ts', count: 5 },
      { extension: 'md', count: 2 },
    ],
  };
}

/** Three pages: a first page of 3 files, then 2 and 2 (7 in all). */
const threePages: RouteHandler = (url) => {
  const token = new URL(url, 'http://test').searchParams.get('pagination_token');
  if (token === 'p2')
    return jsonResponse(filesPage([testFile('src/d.ts'), testFile('src/e.ts')], 'p3', 7));
  if (token === 'p3')
    return jsonResponse(filesPage([testFile('src/f.ts'), testFile('README.md')], null, 7));
  return jsonResponse(
    filesPage([testFile('docs/a.md'), testFile('src/b.ts'), testFile('src/c.ts')], 'p2', 7),
  );
};

function content(path: string, overrides: Partial<FileContentJson> = {}): FileContentJson {
  return {
    file_id: `file-${path}`,
    file_path: path,
    file_url: null,
    content: 'export const answer = 42;\nexport const question = "?";\n',
    language: 'typescript',
    size: 52,
    truncated: false,
    commit_id: testRepo.commit_id ?? '',
    ...overrides,
  };
}

function openFiles(path = '/app/files', api: ApiRoutes = {}, repo: RepoJson = testRepo) {
  return renderApp(path, {
    session: 'logged-in',
    api: {
      'GET /api/v0/repo': () => jsonResponse({ repos: [repo] }),
      [`GET /api/v0/repo/${repo.repo_id}/branches`]: () =>
        jsonResponse({
          branches: [
            { name: 'dev', commit_id: NEW_COMMIT, is_default: false, is_current: false },
            { name: 'main', commit_id: repo.commit_id, is_default: true, is_current: true },
          ],
        }),
      [FILES_ROUTE]: threePages,
      ...api,
    },
  });
}

function queryOf(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url, 'http://test').searchParams);
}

function rowPaths(): string[] {
  return screen.queryAllByTestId('file-row').map((row) => row.getAttribute('data-path') ?? '');
}

/** Waits for the list to show `count` rows; the first test also waits for the lazy screen. */
async function waitForRows(count: number) {
  await waitFor(() => expect(rowPaths()).toHaveLength(count), { timeout: 5000 });
}

beforeEach(() => {
  // jsdom has no layout: give the list's scroll box a height so the virtualiser shows rows.
  vi.spyOn(Element.prototype, 'clientHeight', 'get').mockImplementation(function (this: Element) {
    return this.getAttribute('data-testid') === 'file-list' ? 640 : 0;
  });
  // Radix Select scrolls the chosen option into view, which jsdom does not implement.
  Element.prototype.scrollIntoView = vi.fn();
});

describe('/app/files', () => {
  it('lists every page of a 3-page answer: a first page of 2000, then pages of 5000', async () => {
    const { fetchMock } = openFiles();
    await waitForRows(7);
    expect(rowPaths()).toEqual([
      'docs/a.md',
      'src/b.ts',
      'src/c.ts',
      'src/d.ts',
      'src/e.ts',
      'src/f.ts',
      'README.md',
    ]);
    expect(screen.getByTestId('files-total')).toHaveTextContent('7 files');
    const calls = requestsTo(fetchMock, FILES_ROUTE).map((call) => queryOf(call.url));
    expect(calls).toEqual([
      { limit: '2000', commit_id: testRepo.commit_id },
      { limit: '5000', commit_id: testRepo.commit_id, pagination_token: 'p2' },
      { limit: '5000', commit_id: testRepo.commit_id, pagination_token: 'p3' },
    ]);
    const row = screen.getAllByTestId('file-row')[1];
    expect(row).toHaveAttribute('role', 'option');
    expect(within(row as HTMLElement).getByText('src/')).toHaveClass('text-muted-foreground');
    expect(within(row as HTMLElement).getByText('b.ts')).toHaveClass('font-semibold');
    expect(screen.getByTestId('files-repo-select')).toHaveTextContent('engine');
  });

  it('keeps only the rows in view in the DOM for 100,000 files', async () => {
    const many = Array.from({ length: 2000 }, (_, index) =>
      testFile(`src/file-${String(index).padStart(6, '0')}.ts`),
    );
    openFiles('/app/files', {
      [FILES_ROUTE]: (url) =>
        queryOf(url).pagination_token
          ? new Promise<Response>(() => {})
          : jsonResponse(filesPage(many, 'p2', 100_000)),
    });
    expect(await screen.findByTestId('files-total')).toHaveTextContent('100,000 files');
    await waitFor(() => expect(screen.getAllByTestId('file-row').length).toBeGreaterThan(10));
    expect(screen.getAllByTestId('file-row').length).toBeLessThan(60);
    const list = screen.getByRole('listbox', { name: 'Files' });
    expect((list.firstElementChild as HTMLElement).style.height).toBe(`${100_000 * 32}px`);
  });

  it('sends the name filter (debounced) as q and the extension as extension', async () => {
    const { fetchMock, user } = openFiles();
    await waitForRows(7);

    await user.type(screen.getByTestId('files-filter'), 'src');
    await waitFor(() =>
      expect(requestsTo(fetchMock, FILES_ROUTE).map((call) => queryOf(call.url).q)).toContain(
        'src',
      ),
    );
    // Debounced: the letters typed before it settled were never sent on their own.
    const sent = requestsTo(fetchMock, FILES_ROUTE).map((call) => queryOf(call.url).q);
    expect(sent).not.toContain('s');
    expect(sent).not.toContain('sr');

    await user.click(screen.getByTestId('files-extension-select'));
    await user.click(await screen.findByRole('option', { name: /\.md/ }));
    await waitFor(() =>
      expect(requestsTo(fetchMock, FILES_ROUTE).map((call) => queryOf(call.url))).toContainEqual({
        limit: '2000',
        commit_id: testRepo.commit_id,
        q: 'src',
        extension: 'md',
      }),
    );
    expect(screen.getByTestId('files-extension-select')).toHaveTextContent('.md');
  });

  it('clears the list and shows "Error fetching files" when a fetch fails', async () => {
    const { user } = openFiles('/app/files', {
      [FILES_ROUTE]: (url, init) =>
        queryOf(url).q === 'x' ? new Response(null, { status: 500 }) : threePages(url, init),
    });
    await waitForRows(7);
    await user.type(screen.getByTestId('files-filter'), 'x');
    expect(await screen.findByTestId('files-error')).toHaveTextContent('Error fetching files');
    expect(screen.queryAllByTestId('file-row')).toHaveLength(0);
  });

  it('shows "Server Error" when the files answer is null', async () => {
    openFiles('/app/files', { [FILES_ROUTE]: () => jsonResponse(null) });
    expect(await screen.findByTestId('files-error')).toHaveTextContent('Server Error');
  });

  it('shows "No files match the filters." for an empty answer', async () => {
    openFiles('/app/files', { [FILES_ROUTE]: () => jsonResponse(filesPage([], null, 0)) });
    expect(await screen.findByTestId('files-empty')).toHaveTextContent(
      'No files match the filters.',
    );
  });

  it('opens a file: path, size, content with line numbers, Open on host, Copy', async () => {
    const { user, router, fetchMock } = openFiles('/app/files', {
      [CONTENT_ROUTE]: () =>
        jsonResponse(
          content('src/b.ts', { file_url: 'https://github.com/acme/engine/blob/main/src/b.ts' }),
        ),
    });
    await waitForRows(7);
    await user.click(screen.getAllByTestId('file-row')[1] as HTMLElement);

    const viewer = screen.getByTestId('file-viewer');
    expect(await within(viewer).findByText(/export const answer = 42;/)).toBeInTheDocument();
    expect(screen.getByTestId('file-viewer-path')).toHaveTextContent('src/b.ts');
    expect(viewer).toHaveTextContent('52 B');
    expect(screen.getByTestId('file-code').querySelector('pre')).toHaveTextContent('1 2');
    const link = screen.getByTestId('file-open-on-host');
    expect(link).toHaveTextContent('Open on GitHub');
    expect(link).toHaveAttribute('href', 'https://github.com/acme/engine/blob/main/src/b.ts');
    expect(router.state.location.search).toContain('file=file-src%2Fb.ts');
    expect(queryOf(requestsTo(fetchMock, CONTENT_ROUTE)[0]?.url ?? '')).toEqual({
      file_id: 'file-src/b.ts',
      commit_id: testRepo.commit_id,
    });

    // user-event puts its own clipboard in place of the browser's.
    await user.click(screen.getByTestId('file-copy'));
    expect(await navigator.clipboard.readText()).toBe(content('src/b.ts').content);
    await waitFor(() => expect(screen.getByTestId('file-copy')).toHaveTextContent('Copied'));
  });

  it('highlights code blocks with shiki when the toggle is on', async () => {
    openFiles(`/app/files?repo=${testRepo.repo_id}&file=file-src%2Fb.ts`, {
      [CONTENT_ROUTE]: () => jsonResponse(content('src/b.ts')),
    });
    await waitFor(
      () => expect(screen.getByTestId('file-code')).toHaveAttribute('data-mode', 'highlighted'),
      { timeout: 10_000 },
    );
    const coloured = screen.getByTestId('file-code').querySelectorAll('span[style*="color"]');
    expect(coloured.length).toBeGreaterThan(0);
  }, 15_000);

  it('opens the file named in the URL and moves the selection with the keyboard', async () => {
    const { user, router } = openFiles(`/app/files?repo=${testRepo.repo_id}&file=file-src%2Fc.ts`, {
      [CONTENT_ROUTE]: (url) => {
        const fileId = queryOf(url).file_id ?? '';
        return jsonResponse(content(fileId.replace('file-', '')));
      },
    });
    expect(await screen.findByTestId('file-viewer-path')).toHaveTextContent('src/c.ts');
    await waitForRows(7);

    screen.getByRole('listbox', { name: 'Files' }).focus();
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(router.state.location.search).toContain('file=file-src%2Fd.ts'));
    await waitFor(() =>
      expect(screen.getByTestId('file-viewer-path')).toHaveTextContent('src/d.ts'),
    );
    expect(screen.getByRole('option', { selected: true })).toHaveAttribute('data-path', 'src/d.ts');
  });

  it('says a binary file (415) cannot be shown', async () => {
    openFiles(`/app/files?repo=${testRepo.repo_id}&file=file-logo.png`, {
      [CONTENT_ROUTE]: () =>
        jsonResponse({ statusCode: 415, code: 'binary_file', message: 'Binary file' }, 415),
    });
    expect(await screen.findByTestId('file-viewer-binary')).toHaveTextContent(
      'This is a binary file, so it cannot be shown as text.',
    );
  });

  it('shows "Error fetching file content" when the content fails without a message', async () => {
    openFiles(`/app/files?repo=${testRepo.repo_id}&file=file-src%2Fb.ts`, {
      [CONTENT_ROUTE]: () => new Response(null, { status: 500 }),
    });
    expect(await screen.findByTestId('file-viewer-error')).toHaveTextContent(
      'Error fetching file content',
    );
  });

  it('notes content cut at 1 MB', async () => {
    openFiles(`/app/files?repo=${testRepo.repo_id}&file=file-big.txt`, {
      [CONTENT_ROUTE]: () =>
        jsonResponse(content('big.txt', { size: 3 * 1024 * 1024, truncated: true })),
    });
    expect(await screen.findByTestId('file-viewer-truncated')).toHaveTextContent(
      'This file is 3.0 MB; only its first 1.0 MB is shown.',
    );
  });

  it('remembers the code-block toggle and shows plain text when it is off', async () => {
    const first = openFiles(`/app/files?repo=${testRepo.repo_id}&file=file-src%2Fb.ts`, {
      [CONTENT_ROUTE]: () => jsonResponse(content('src/b.ts')),
    });
    const toggle = await screen.findByTestId('code-block-toggle');
    expect(toggle).toBeChecked();
    await first.user.click(toggle);
    expect(toggle).not.toBeChecked();
    expect(localStorage.getItem(CODE_BLOCKS_STORAGE_KEY)).toBe('false');
    await waitFor(() =>
      expect(screen.getByTestId('file-code')).toHaveAttribute('data-mode', 'plain'),
    );
    first.unmount();

    openFiles(`/app/files?repo=${testRepo.repo_id}&file=file-src%2Fb.ts`, {
      [CONTENT_ROUTE]: () => jsonResponse(content('src/b.ts')),
    });
    expect(await screen.findByTestId('code-block-toggle')).not.toBeChecked();
    expect(screen.getByLabelText('Code blocks')).not.toBeChecked();
  });

  it('switches the branch: the repo syncs, then the list reloads at the new commit', async () => {
    let finishCheckout: (response: Response) => void = () => {};
    const { user, fetchMock, router } = openFiles('/app/files', {
      'POST /api/v0/repo/checkout': () =>
        new Promise<Response>((resolve) => {
          finishCheckout = resolve;
        }),
    });
    await waitForRows(7);
    await user.click(screen.getByTestId('files-branch-select'));
    await user.click(await screen.findByRole('option', { name: 'dev' }));

    expect(await screen.findByTestId('files-repo-syncing')).toHaveTextContent('Syncing…');
    expect(requestsTo(fetchMock, 'POST /api/v0/repo/checkout')[0]?.body).toEqual({
      repo_id: testRepo.repo_id,
      branch_name: 'dev',
    });
    await act(async () => {
      finishCheckout(jsonResponse({ repo: { ...testRepo, branch: 'dev', commit_id: NEW_COMMIT } }));
    });
    await waitFor(() =>
      expect(requestsTo(fetchMock, FILES_ROUTE).map((call) => queryOf(call.url))).toContainEqual({
        limit: '2000',
        commit_id: NEW_COMMIT,
      }),
    );
    expect(screen.queryByTestId('files-repo-syncing')).not.toBeInTheDocument();
    expect(screen.getByTestId('files-branch-select')).toHaveTextContent('dev');
    expect(router.state.location.search).toContain('branch=dev');
  });

  it('asks for the first page once under StrictMode', async () => {
    const { fetchMock } = renderApp('/app/files', {
      session: 'logged-in',
      strict: true,
      api: {
        'GET /api/v0/repo': () => jsonResponse({ repos: [testRepo] }),
        [FILES_ROUTE]: threePages,
      },
    });
    await waitForRows(7);
    const firstPages = requestsTo(fetchMock, FILES_ROUTE).filter(
      (call) => !queryOf(call.url).pagination_token,
    );
    expect(firstPages).toHaveLength(1);
  });

  it('links to the repository screen when there are no repositories', async () => {
    renderApp('/app/files', { session: 'logged-in' });
    const empty = await screen.findByTestId('files-no-repos');
    expect(within(empty).getByRole('link', { name: 'Go to Repositories' })).toHaveAttribute(
      'href',
      '/app/repository',
    );
  });
});
