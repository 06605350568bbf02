import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ERROR_FETCHING_FILES,
  ERROR_FETCHING_OBJECTS,
  SERVER_ERROR,
  type LivedocsFileJson,
  type LivedocsObjectSummary,
} from '@codedocs/contract';
import { createAppStore } from '@/app/store';
import * as calls from '../api/livedocs-calls';
import {
  fetchLivedocsFiles,
  fetchLivedocsObjects,
  fileToggled,
  filesSelected,
  livedocsReset,
  objectsSelected,
  objectToggled,
} from './livedocs-slice';

const file = (id: string): LivedocsFileJson => ({
  file_id: id,
  file_name: `${id}.ts`,
  file_path: `src/${id}.ts`,
  file_url: null,
  extension: 'ts',
  language: 'typescript',
  object_count: 1,
  documented_count: 0,
  generated_count: 0,
  stale_count: 0,
});

const object = (id: string): LivedocsObjectSummary => ({
  object_id: id,
  object_url: null,
  file_id: 'a',
  name: id,
  qualified_name: id,
  kind: 'function',
  line_start: 1,
  line_end: 2,
  parent_id: null,
  status: 'undocumented',
  last_updated: null,
});

const filesAnswer = (files: LivedocsFileJson[]) => ({
  commit_id: 'c'.repeat(40),
  index_status: 'indexed' as const,
  task_id: null,
  files,
});

const metadataAnswer = (objects: LivedocsObjectSummary[]) => ({
  commit_id: 'c'.repeat(40),
  metadata: {
    files: [{ file_id: 'a', file_path: 'src/a.ts', file_url: null, language: 'ts', objects }],
  },
});

afterEach(() => vi.restoreAllMocks());

describe('the live-docs slice', () => {
  it('toggles files and objects by id', () => {
    const store = createAppStore();
    store.dispatch(fileToggled('a'));
    store.dispatch(fileToggled('b'));
    store.dispatch(fileToggled('a'));
    store.dispatch(objectToggled('o1'));
    expect(store.getState().livedocs.selectedFileIds).toEqual(['b']);
    expect(store.getState().livedocs.selectedObjectIds).toEqual(['o1']);
    store.dispatch(objectToggled('o1'));
    expect(store.getState().livedocs.selectedObjectIds).toEqual([]);
    store.dispatch(filesSelected(['a', 'b', 'a']));
    expect(store.getState().livedocs.selectedFileIds).toEqual(['a', 'b']);
    store.dispatch(filesSelected([]));
    expect(store.getState().livedocs.selectedFileIds).toEqual([]);
    store.dispatch(objectsSelected(['o1', 'o2']));
    store.dispatch(objectToggled('o2'));
    expect(store.getState().livedocs.selectedObjectIds).toEqual(['o1']);
  });

  it('loads files, then clears files and objects when a fetch fails', async () => {
    const store = createAppStore();
    vi.spyOn(calls, 'getLivedocsFiles').mockResolvedValueOnce(filesAnswer([file('a')]));
    vi.spyOn(calls, 'getLivedocsMetadata').mockResolvedValueOnce({
      commit_id: 'c'.repeat(40),
      metadata: {
        files: [
          {
            file_id: 'a',
            file_path: 'src/a.ts',
            file_url: null,
            language: 'typescript',
            objects: [object('o1')],
          },
        ],
      },
    });
    await store.dispatch(fetchLivedocsFiles({ repoId: 'r' }));
    await store.dispatch(fetchLivedocsObjects({ repoId: 'r', fileIds: ['a'] }));
    expect(store.getState().livedocs.files).toMatchObject({
      status: 'succeeded',
      indexStatus: 'indexed',
    });
    expect(store.getState().livedocs.objects.items).toHaveLength(1);

    vi.spyOn(calls, 'getLivedocsFiles').mockRejectedValueOnce(new Error(''));
    await store.dispatch(fetchLivedocsFiles({ repoId: 'r' }));
    const state = store.getState().livedocs;
    expect(state.files).toMatchObject({ status: 'failed', error: ERROR_FETCHING_FILES, items: [] });
    expect(state.objects.items).toEqual([]);
  });

  it('treats a null files answer as failed with "Server Error"', async () => {
    const store = createAppStore();
    vi.spyOn(calls, 'getLivedocsFiles').mockResolvedValueOnce(
      null as unknown as Awaited<ReturnType<typeof calls.getLivedocsFiles>>,
    );
    await store.dispatch(fetchLivedocsFiles({ repoId: 'r' }));
    expect(store.getState().livedocs.files).toMatchObject({
      status: 'failed',
      error: SERVER_ERROR,
    });
  });

  it('says "Error fetching objects" and clears the objects when their fetch fails', async () => {
    const store = createAppStore();
    vi.spyOn(calls, 'getLivedocsMetadata').mockRejectedValueOnce(new TypeError(''));
    await store.dispatch(fetchLivedocsObjects({ repoId: 'r', fileIds: ['a'] }));
    expect(store.getState().livedocs.objects).toMatchObject({
      status: 'failed',
      error: ERROR_FETCHING_OBJECTS,
      items: [],
    });
  });

  it('does not start a second files fetch while one is under way', async () => {
    const store = createAppStore();
    let release: (value: ReturnType<typeof filesAnswer>) => void = () => undefined;
    const spy = vi
      .spyOn(calls, 'getLivedocsFiles')
      .mockReturnValue(new Promise((resolve) => (release = resolve)));
    const first = store.dispatch(fetchLivedocsFiles({ repoId: 'r' }));
    void store.dispatch(fetchLivedocsFiles({ repoId: 'r' }));
    release(filesAnswer([]));
    await first;
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it('does not start a second objects fetch for the same selection while one is under way', async () => {
    const store = createAppStore();
    let release: (value: ReturnType<typeof metadataAnswer>) => void = () => undefined;
    const spy = vi
      .spyOn(calls, 'getLivedocsMetadata')
      .mockReturnValue(new Promise((resolve) => (release = resolve)));
    const first = store.dispatch(fetchLivedocsObjects({ repoId: 'r', fileIds: ['a'] }));
    void store.dispatch(fetchLivedocsObjects({ repoId: 'r', fileIds: ['a'] }));
    release(metadataAnswer([object('o1')]));
    await first;
    expect(spy).toHaveBeenCalledTimes(1);
    expect(store.getState().livedocs.objects.status).toBe('succeeded');
  });

  it('fetches a changed selection at once and drops the answer for the older one', async () => {
    const store = createAppStore();
    const releases: ((value: ReturnType<typeof metadataAnswer>) => void)[] = [];
    const spy = vi
      .spyOn(calls, 'getLivedocsMetadata')
      .mockImplementation(() => new Promise((resolve) => releases.push(resolve)));
    const older = store.dispatch(fetchLivedocsObjects({ repoId: 'r', fileIds: ['a'] }));
    const newer = store.dispatch(fetchLivedocsObjects({ repoId: 'r', fileIds: ['a', 'b'] }));
    expect(spy).toHaveBeenCalledTimes(2);
    releases[1]!(metadataAnswer([object('o1'), object('o2')]));
    await newer;
    releases[0]!(metadataAnswer([object('o1')]));
    await older;
    expect(store.getState().livedocs.objects.items.map((o) => o.object_id)).toEqual(['o1', 'o2']);
  });

  it('drops a files answer that arrives after the lists were reset for another repository', async () => {
    const store = createAppStore();
    let release: (value: ReturnType<typeof filesAnswer>) => void = () => undefined;
    vi.spyOn(calls, 'getLivedocsFiles').mockReturnValue(
      new Promise((resolve) => (release = resolve)),
    );
    const late = store.dispatch(fetchLivedocsFiles({ repoId: 'old' }));
    store.dispatch(livedocsReset());
    release(filesAnswer([file('a')]));
    await late;
    expect(store.getState().livedocs.files).toMatchObject({ status: 'idle', items: [] });
  });

  it('splits a selection into metadata calls of 100 files (500 ids made a URL Node refuses with 431)', async () => {
    const store = createAppStore();
    const spy = vi
      .spyOn(calls, 'getLivedocsMetadata')
      .mockImplementation(async (_repo, _commit, ids) =>
        metadataAnswer(ids.map((id) => object(`o-${id}`))),
      );
    const ids = Array.from({ length: 1201 }, (_, i) => `f${i}`);
    await store.dispatch(fetchLivedocsObjects({ repoId: 'r', fileIds: ids }));
    expect(spy.mock.calls.map((call) => call[2].length)).toEqual([...Array(12).fill(100), 1]);
    expect(store.getState().livedocs.objects.items).toHaveLength(1201);
  });
});
