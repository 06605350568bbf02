import { configureStore } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import type { FileJson, FilesPage } from '../api/files-calls';
import { jsonResponse, stubFetch } from '@/test/fetch-stub';
import { fetchFileContent, fetchFilesPage, filesReducer } from './files-slice';

function makeStore() {
  return configureStore({ reducer: { files: filesReducer } });
}

function file(path: string): FileJson {
  const name = path.split('/').pop() ?? path;
  const dot = name.lastIndexOf('.');
  return {
    file_id: `id-${path}`,
    file_name: name,
    file_path: path,
    file_url: null,
    size: 10,
    language: null,
    extension: dot === -1 ? '' : name.slice(dot + 1),
  };
}

function page(paths: string[], token: string | null, total = paths.length): FilesPage {
  return {
    files: paths.map(file),
    pagination_token: token,
    commit_id: 'a'.repeat(40),
    total,
    extensions: token === 'p2' || paths.length === 0 ? [] : [{ extension: 'ts', count: total }],
  };
}

const repoId = 'repo-1';

describe('files slice', () => {
  it('replaces the list with a first page and appends following pages', async () => {
    const fetchMock = stubFetch((url) => {
      if (url.includes('pagination_token=p1')) return jsonResponse(page(['b.ts'], null, 2));
      return jsonResponse(page(['a.ts'], 'p1', 2));
    });
    const store = makeStore();
    expect(store.getState().files.status).toBe('idle');

    await store.dispatch(fetchFilesPage({ repoId }));
    expect(store.getState().files).toMatchObject({
      status: 'succeeded',
      paginationToken: 'p1',
      total: 2,
      extensions: [{ extension: 'ts', count: 2 }],
    });
    await store.dispatch(fetchFilesPage({ repoId, paginationToken: 'p1' }));
    expect(store.getState().files.items.map((f) => f.file_path)).toEqual(['a.ts', 'b.ts']);
    expect(store.getState().files.paginationToken).toBeNull();

    await store.dispatch(fetchFilesPage({ repoId }));
    expect(store.getState().files.items.map((f) => f.file_path)).toEqual(['a.ts']);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('sends the filters and page position as query parameters', async () => {
    const fetchMock = stubFetch(() => jsonResponse(page([], null)));
    const store = makeStore();
    await store.dispatch(
      fetchFilesPage({ repoId, q: 'src', extension: 'ts', limit: 2000, paginationToken: 'tok' }),
    );
    const url = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://x');
    expect(url.pathname).toBe('/api/v3/repo/files/repo-1');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      q: 'src',
      extension: 'ts',
      limit: '2000',
      pagination_token: 'tok',
    });
  });

  it('keeps the extensions of the repo while only the filters change', async () => {
    const store = makeStore();
    stubFetch(() => jsonResponse(page(['a.ts'], null)));
    await store.dispatch(fetchFilesPage({ repoId }));
    const pending = store.dispatch(fetchFilesPage({ repoId, q: 'a' }));
    expect(store.getState().files.items).toEqual([]);
    expect(store.getState().files.extensions).toEqual([{ extension: 'ts', count: 1 }]);
    await pending;
  });

  it('does not repeat a fetch under way for the same query and page', async () => {
    const fetchMock = stubFetch(() => jsonResponse(page(['a.ts'], null)));
    const store = makeStore();
    await Promise.all([
      store.dispatch(fetchFilesPage({ repoId, q: 'a' })),
      store.dispatch(fetchFilesPage({ repoId, q: 'a' })),
    ]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('keeps only the answer of the latest query when filters change during a fetch', async () => {
    stubFetch((url) => jsonResponse(page(url.includes('q=new') ? ['new.ts'] : ['old.ts'], null)));
    const store = makeStore();
    await Promise.all([
      store.dispatch(fetchFilesPage({ repoId, q: 'old' })),
      store.dispatch(fetchFilesPage({ repoId, q: 'new' })),
    ]);
    expect(store.getState().files.items.map((f) => f.file_path)).toEqual(['new.ts']);
  });

  it('clears the list and fails with "Error fetching files" when a fetch fails', async () => {
    stubFetch(() => jsonResponse(page(['a.ts'], 'p1')));
    const store = makeStore();
    await store.dispatch(fetchFilesPage({ repoId }));
    expect(store.getState().files.items).toHaveLength(1);

    stubFetch(() => new Response(null, { status: 500 }));
    await store.dispatch(fetchFilesPage({ repoId, paginationToken: 'p1' }));
    expect(store.getState().files).toMatchObject({
      status: 'failed',
      error: 'Error fetching files',
      items: [],
      total: 0,
      paginationToken: null,
    });
  });

  it('fails with "Server Error" when the answer has no files', async () => {
    stubFetch(() => jsonResponse({ files: null, pagination_token: null }));
    const store = makeStore();
    await store.dispatch(fetchFilesPage({ repoId }));
    expect(store.getState().files).toMatchObject({
      status: 'failed',
      error: 'Server Error',
      items: [],
    });
  });

  it('adds fetched content to the file and keeps it in the viewer', async () => {
    stubFetch((url) => {
      if (url.startsWith('/api/v0/file/content/'))
        return jsonResponse({
          file_id: 'id-a.ts',
          file_path: 'a.ts',
          file_url: null,
          content: 'const a = 1;\n',
          language: 'typescript',
          size: 13,
          truncated: false,
          commit_id: 'a'.repeat(40),
        });
      return jsonResponse(page(['a.ts'], null));
    });
    const store = makeStore();
    await store.dispatch(fetchFilesPage({ repoId }));
    await store.dispatch(fetchFileContent({ repoId, fileId: 'id-a.ts' }));
    expect(store.getState().files.items[0]?.content).toBe('const a = 1;\n');
    expect(store.getState().files.openFile).toMatchObject({
      fileId: 'id-a.ts',
      status: 'succeeded',
      data: { content: 'const a = 1;\n', truncated: false },
    });
  });

  it('keeps the HTTP status of a failed content fetch, with the default message', async () => {
    stubFetch(() =>
      jsonResponse({ statusCode: 415, code: 'binary_file', message: 'Binary file' }, 415),
    );
    const store = makeStore();
    await store.dispatch(fetchFileContent({ repoId, fileId: 'id-img.png' }));
    expect(store.getState().files.openFile).toMatchObject({
      status: 'failed',
      httpStatus: 415,
      error: 'Binary file',
    });

    stubFetch(() => new Response(null, { status: 500 }));
    await store.dispatch(fetchFileContent({ repoId, fileId: 'id-a.ts' }));
    expect(store.getState().files.openFile).toMatchObject({
      status: 'failed',
      httpStatus: 500,
      error: 'Error fetching file content',
    });
  });

  it('does not repeat a content fetch under way for the same file', async () => {
    const fetchMock = stubFetch(() => new Response(null, { status: 500 }));
    const store = makeStore();
    await Promise.all([
      store.dispatch(fetchFileContent({ repoId, fileId: 'f' })),
      store.dispatch(fetchFileContent({ repoId, fileId: 'f' })),
    ]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
