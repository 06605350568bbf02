import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FolderListResponse } from '@codedocs/contract';
import { createAppStore } from '@/app/store';
import { ApiError } from '@/lib/api-error';
import { testFolder } from '@/test/fixtures';
import * as calls from '../api/staticdocs-calls';
import {
  FAILED_TO_FETCH_FOLDERS,
  createFolder,
  deleteFolder,
  fetchFolders,
  refreshFolder,
  updateFolder,
  viewModeChanged,
  type StaticDocsViewMode,
} from './staticdocs-slice';

afterEach(() => vi.restoreAllMocks());

const page = (names: string[], cursor: string | null): FolderListResponse => ({
  folders: names.map((name) => testFolder(name, name)),
  cursor,
});

const names = (
  store: ReturnType<typeof createAppStore>,
  mode: StaticDocsViewMode = 'selfCreatedFolder',
) => store.getState().staticdocs.lists[mode].items.map((folder) => folder.folder_id);

describe('staticdocs slice', () => {
  it('starts in selfCreatedFolder with both lists idle, and switches view mode', () => {
    const store = createAppStore();
    const state = store.getState().staticdocs;
    expect(state.viewMode).toBe('selfCreatedFolder');
    expect(state.lists.selfCreatedFolder.status).toBe('idle');
    expect(state.lists.sharedFolder.status).toBe('idle');
    store.dispatch(viewModeChanged('sharedFolder'));
    expect(store.getState().staticdocs.viewMode).toBe('sharedFolder');
  });

  it('pages by cursor, appends without repeats, stops at the end and restarts on reset', async () => {
    const getFolders = vi
      .spyOn(calls, 'getFolders')
      .mockResolvedValueOnce(page(['a', 'b'], 'c1'))
      .mockResolvedValueOnce(page(['b', 'c'], null))
      .mockResolvedValueOnce(page(['z'], null));
    const store = createAppStore();
    await store.dispatch(fetchFolders({ viewMode: 'selfCreatedFolder' }));
    expect(names(store)).toEqual(['a', 'b']);
    await store.dispatch(fetchFolders({ viewMode: 'selfCreatedFolder' }));
    expect(names(store)).toEqual(['a', 'b', 'c']);
    expect(store.getState().staticdocs.lists.selfCreatedFolder.complete).toBe(true);
    // nothing more to ask for
    await store.dispatch(fetchFolders({ viewMode: 'selfCreatedFolder' }));
    expect(getFolders).toHaveBeenCalledTimes(2);
    await store.dispatch(fetchFolders({ viewMode: 'selfCreatedFolder', reset: true }));
    expect(names(store)).toEqual(['z']);
    expect(getFolders.mock.calls.map(([kind, cursor]) => [kind, cursor])).toEqual([
      ['creator', null],
      ['creator', 'c1'],
      ['creator', null],
    ]);
  });

  it('asks once while a page loads, and keeps the lists of the two modes apart', async () => {
    const getFolders = vi
      .spyOn(calls, 'getFolders')
      .mockImplementation(async (kind) => page([kind], null));
    const store = createAppStore();
    await Promise.all([
      store.dispatch(fetchFolders({ viewMode: 'sharedFolder' })),
      store.dispatch(fetchFolders({ viewMode: 'sharedFolder' })),
      store.dispatch(fetchFolders({ viewMode: 'selfCreatedFolder' })),
    ]);
    expect(getFolders).toHaveBeenCalledTimes(2);
    expect(names(store)).toEqual(['creator']);
    expect(names(store, 'sharedFolder')).toEqual(['shared']);
  });

  it('keeps the listed folders when a next page fails, and says why', async () => {
    vi.spyOn(calls, 'getFolders')
      .mockResolvedValueOnce(page(['a'], 'c1'))
      .mockRejectedValueOnce(new ApiError(500, 'internal', 'Something went wrong'));
    const store = createAppStore();
    await store.dispatch(fetchFolders({ viewMode: 'selfCreatedFolder' }));
    await store.dispatch(fetchFolders({ viewMode: 'selfCreatedFolder' }));
    const list = store.getState().staticdocs.lists.selfCreatedFolder;
    expect(list.status).toBe('failed');
    expect(list.error).toBe(FAILED_TO_FETCH_FOLDERS);
    expect(names(store)).toEqual(['a']);
    expect(list.cursor).toBe('c1');
  });

  it('puts a new folder first, refreshes one in place and drops one the server forgot', async () => {
    vi.spyOn(calls, 'getFolders').mockResolvedValue(page(['a'], null));
    vi.spyOn(calls, 'postGenerateFolder').mockResolvedValue({ folder_id: 'n', task_id: 't' });
    const metadata = vi.spyOn(calls, 'getFolderMetadata');
    metadata.mockResolvedValueOnce({
      folder: testFolder('n', 'New', { status: 'building', task_id: 't' }),
      files: [],
      cursor: null,
    });
    const store = createAppStore();
    await store.dispatch(fetchFolders({ viewMode: 'selfCreatedFolder' }));
    await store.dispatch(createFolder({ compilationId: 'p1', folderName: 'New' }));
    expect(names(store)).toEqual(['n', 'a']);
    expect(metadata).toHaveBeenCalledWith('n', null, 1);

    metadata.mockResolvedValueOnce({
      folder: testFolder('a', 'Renamed'),
      files: [],
      cursor: null,
    });
    await store.dispatch(refreshFolder('a'));
    expect(store.getState().staticdocs.lists.selfCreatedFolder.items[1]?.name).toBe('Renamed');

    metadata.mockRejectedValueOnce(new ApiError(404, 'not_found', 'Folder not found'));
    await store.dispatch(refreshFolder('n'));
    expect(names(store)).toEqual(['a']);
  });

  it('rejects a refused build with the field the server named', async () => {
    vi.spyOn(calls, 'postGenerateFolder').mockRejectedValue(
      new ApiError(400, 'validation_failed', 'Name the folder', 'body.folder_name'),
    );
    const store = createAppStore();
    const result = await store.dispatch(createFolder({ compilationId: 'p1', folderName: ' ' }));
    expect(result.payload).toEqual({
      message: 'Name the folder',
      status: 400,
      field: 'folder_name',
    });
  });

  it('marks an updated folder with its new task and deletes one', async () => {
    vi.spyOn(calls, 'getFolders').mockResolvedValue(page(['a', 'b'], null));
    vi.spyOn(calls, 'postUpdateFolder').mockResolvedValue({ folder_id: 'a', task_id: 't2' });
    const remove = vi.spyOn(calls, 'deleteFolderCall').mockResolvedValue(undefined);
    const store = createAppStore();
    await store.dispatch(fetchFolders({ viewMode: 'selfCreatedFolder' }));
    await store.dispatch(updateFolder('a'));
    expect(store.getState().staticdocs.lists.selfCreatedFolder.items[0]?.task_id).toBe('t2');
    await store.dispatch(deleteFolder({ viewMode: 'selfCreatedFolder', folderId: 'b' }));
    expect(remove).toHaveBeenCalledWith('creator', 'b');
    expect(names(store)).toEqual(['a']);
  });
});
