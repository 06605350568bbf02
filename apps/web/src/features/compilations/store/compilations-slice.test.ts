import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ERROR_FETCHING_COMPILATIONS,
  ERROR_FETCHING_OBJECTS,
  type CompilationMetadata,
  type ListedObject,
} from '@codedocs/contract';
import { createAppStore } from '@/app/store';
import { ApiError } from '@/lib/api-error';
import * as getCalls from '../api/get-compilations';
import * as calls from '../api/compilation-calls';
import {
  addCompilationObjects,
  compilationToggled,
  compilationsSelected,
  createCompilation,
  deleteCompilation,
  fetchCompilationObjects,
  fetchCompilations,
  objectToggled,
  objectsReordered,
  objectsSelected,
  removeCompilationObjects,
  renameCompilation,
  saveCompilationOrder,
} from './compilations-slice';

const pocket = (id: string, name = id, objectCount = 0): CompilationMetadata => ({
  compilation_id: id,
  name,
  created_at: '2026-11-25T10:00:00.000Z',
  updated_at: '2026-11-25T10:00:00.000Z',
  object_count: objectCount,
  repositories: [],
});

const object = (id: string, repo = 'r1'): ListedObject => ({
  object_id: id,
  repo_id: repo,
  repo_name: repo,
  name: id,
  qualified_name: id,
  kind: 'function',
  language: 'typescript',
  file_id: 'f',
  file_path: 'src/a.ts',
  line_start: 1,
  status: 'documented',
  summary: null,
});

const change = (id: string, changed: number, count: number) => ({
  compilation_id: id,
  changed,
  object_count: count,
});

afterEach(() => vi.restoreAllMocks());

async function storeWith(pockets: CompilationMetadata[], objects?: ListedObject[]) {
  const store = createAppStore();
  vi.spyOn(getCalls, 'getCompilations').mockResolvedValue({ metadata: pockets });
  await store.dispatch(fetchCompilations());
  if (objects) {
    vi.spyOn(calls, 'getCompilationObjects').mockResolvedValueOnce({
      compilation_id: pockets[0]!.compilation_id,
      objects,
    });
    await store.dispatch(fetchCompilationObjects({ compilationId: pockets[0]!.compilation_id }));
  }
  return store;
}

describe('the compilations slice', () => {
  it('starts idle and fails with "Error fetching compilations" when the failure has no message', async () => {
    const store = createAppStore();
    expect(store.getState().compilations).toMatchObject({ status: 'idle', items: [] });
    vi.spyOn(getCalls, 'getCompilations').mockRejectedValueOnce(new Error(''));
    await store.dispatch(fetchCompilations());
    expect(store.getState().compilations).toMatchObject({
      status: 'failed',
      error: ERROR_FETCHING_COMPILATIONS,
    });
  });

  it('appends a created compilation, replaces a renamed one and removes a deleted one', async () => {
    const store = await storeWith([pocket('a', 'Alpha')]);
    vi.spyOn(calls, 'postCompilation').mockResolvedValueOnce({ compilation: pocket('b', 'Beta') });
    await store.dispatch(createCompilation('Beta'));
    expect(store.getState().compilations.items.map((c) => c.name)).toEqual(['Alpha', 'Beta']);

    vi.spyOn(calls, 'patchCompilation').mockResolvedValueOnce({
      compilation: pocket('a', 'Apex'),
    });
    await store.dispatch(renameCompilation({ compilationId: 'a', name: 'Apex' }));
    expect(store.getState().compilations.items.map((c) => c.name)).toEqual(['Apex', 'Beta']);

    const remove = vi.spyOn(calls, 'deleteCompilationCall').mockResolvedValueOnce();
    await store.dispatch(deleteCompilation('a'));
    expect(remove).toHaveBeenCalledWith('a');
    expect(store.getState().compilations.items.map((c) => c.name)).toEqual(['Beta']);
  });

  it('keeps the list and reports the server message when a name is taken', async () => {
    const store = await storeWith([pocket('a', 'Alpha')]);
    vi.spyOn(calls, 'postCompilation').mockRejectedValueOnce(
      new ApiError(409, 'conflict', 'You already have a compilation named “Alpha”'),
    );
    const result = await store.dispatch(createCompilation('Alpha'));
    expect(result.payload).toBe('You already have a compilation named “Alpha”');
    expect(store.getState().compilations.items).toHaveLength(1);
  });

  it('loads the objects of the open compilation, and clears them with "Error fetching objects"', async () => {
    const store = await storeWith([pocket('a')], [object('o1'), object('o2')]);
    expect(store.getState().compilations.objects).toMatchObject({
      compilationId: 'a',
      status: 'succeeded',
    });
    expect(store.getState().compilations.objects.items.map((o) => o.object_id)).toEqual([
      'o1',
      'o2',
    ]);

    vi.spyOn(calls, 'getCompilationObjects').mockRejectedValueOnce(new Error(''));
    await store.dispatch(fetchCompilationObjects({ compilationId: 'a', force: true }));
    expect(store.getState().compilations.objects).toMatchObject({
      status: 'failed',
      error: ERROR_FETCHING_OBJECTS,
      items: [],
    });
  });

  it('drops the late answer of a compilation no longer open', async () => {
    const store = await storeWith([pocket('a'), pocket('b')]);
    let answerA: (value: { compilation_id: string; objects: ListedObject[] }) => void = () => {};
    vi.spyOn(calls, 'getCompilationObjects')
      .mockImplementationOnce(() => new Promise((resolve) => (answerA = resolve)))
      .mockResolvedValueOnce({ compilation_id: 'b', objects: [object('b1')] });
    const first = store.dispatch(fetchCompilationObjects({ compilationId: 'a' }));
    await store.dispatch(fetchCompilationObjects({ compilationId: 'b' }));
    answerA({ compilation_id: 'a', objects: [object('a1')] });
    await first;
    const { objects } = store.getState().compilations;
    expect(objects.compilationId).toBe('b');
    expect(objects.items.map((o) => o.object_id)).toEqual(['b1']);
  });

  it('toggles objects by id, selects all, and forgets the selection of another compilation', async () => {
    const store = await storeWith([pocket('a'), pocket('b')], [object('o1'), object('o2')]);
    store.dispatch(objectToggled('o1'));
    store.dispatch(objectToggled('o2'));
    store.dispatch(objectToggled('o1'));
    expect(store.getState().compilations.selectedObjectIds).toEqual(['o2']);
    store.dispatch(objectsSelected(['o1', 'o2', 'o1']));
    expect(store.getState().compilations.selectedObjectIds).toEqual(['o1', 'o2']);

    vi.spyOn(calls, 'getCompilationObjects').mockResolvedValueOnce({
      compilation_id: 'b',
      objects: [],
    });
    await store.dispatch(fetchCompilationObjects({ compilationId: 'b' }));
    expect(store.getState().compilations.selectedObjectIds).toEqual([]);
  });

  it('toggles compilations by id; a deleted or vanished one leaves the selection', async () => {
    const store = await storeWith([pocket('a'), pocket('b'), pocket('c')]);
    store.dispatch(compilationToggled('a'));
    store.dispatch(compilationToggled('b'));
    store.dispatch(compilationToggled('a'));
    expect(store.getState().compilations.selectedCompilationIds).toEqual(['b']);
    store.dispatch(compilationsSelected(['a', 'b', 'c', 'a']));
    expect(store.getState().compilations.selectedCompilationIds).toEqual(['a', 'b', 'c']);

    vi.spyOn(calls, 'deleteCompilationCall').mockResolvedValueOnce();
    await store.dispatch(deleteCompilation('a'));
    expect(store.getState().compilations.selectedCompilationIds).toEqual(['b', 'c']);

    vi.mocked(getCalls.getCompilations).mockResolvedValueOnce({ metadata: [pocket('c')] });
    await store.dispatch(fetchCompilations());
    expect(store.getState().compilations.selectedCompilationIds).toEqual(['c']);
  });

  it('removes objects once the server agreed, with the new count', async () => {
    const store = await storeWith(
      [pocket('a', 'A', 3)],
      [object('o1'), object('o2'), object('o3')],
    );
    store.dispatch(objectsSelected(['o1', 'o3']));
    vi.mocked(getCalls.getCompilations).mockResolvedValue({ metadata: [pocket('a', 'A', 1)] });
    const remove = vi
      .spyOn(calls, 'removeCompilationObjectsCall')
      .mockResolvedValueOnce(change('a', 2, 1));
    await store.dispatch(removeCompilationObjects({ compilationId: 'a', objectIds: ['o1', 'o3'] }));
    expect(remove).toHaveBeenCalledWith('a', ['o1', 'o3']);
    const state = store.getState().compilations;
    expect(state.objects.items.map((o) => o.object_id)).toEqual(['o2']);
    expect(state.selectedObjectIds).toEqual([]);
    expect(state.items[0]!.object_count).toBe(1);
  });

  it('keeps everything when a removal fails', async () => {
    const store = await storeWith([pocket('a', 'A', 2)], [object('o1'), object('o2')]);
    vi.spyOn(calls, 'removeCompilationObjectsCall').mockRejectedValueOnce(
      new ApiError(404, 'not_found', 'This object is not in the compilation'),
    );
    const result = await store.dispatch(
      removeCompilationObjects({ compilationId: 'a', objectIds: ['o1'] }),
    );
    expect(result.payload).toBe('This object is not in the compilation');
    expect(store.getState().compilations.objects.items).toHaveLength(2);
  });

  it('adds objects, then reloads the open compilation and the counts', async () => {
    const store = await storeWith([pocket('a', 'A', 1)], [object('o1')]);
    vi.spyOn(calls, 'postCompilationObjects').mockResolvedValueOnce(change('a', 1, 2));
    vi.spyOn(calls, 'getCompilationObjects').mockResolvedValueOnce({
      compilation_id: 'a',
      objects: [object('o1'), object('o2', 'r2')],
    });
    vi.mocked(getCalls.getCompilations).mockResolvedValueOnce({ metadata: [pocket('a', 'A', 2)] });
    await store.dispatch(addCompilationObjects({ compilationId: 'a', objectIds: ['o2'] }));
    await vi.waitFor(() =>
      expect(store.getState().compilations.objects.items.map((o) => o.object_id)).toEqual([
        'o1',
        'o2',
      ]),
    );
    expect(store.getState().compilations.items[0]!.object_count).toBe(2);
  });

  it('shows a new order at once and reloads the objects when saving it is refused', async () => {
    const store = await storeWith([pocket('a')], [object('o1'), object('o2'), object('o3')]);
    store.dispatch(objectsReordered({ compilationId: 'a', objectIds: ['o3', 'o1', 'o2'] }));
    expect(store.getState().compilations.objects.items.map((o) => o.object_id)).toEqual([
      'o3',
      'o1',
      'o2',
    ]);
    // an order that does not name every object is not shown
    store.dispatch(objectsReordered({ compilationId: 'a', objectIds: ['o1'] }));
    expect(store.getState().compilations.objects.items).toHaveLength(3);

    vi.spyOn(calls, 'putCompilationOrder').mockRejectedValueOnce(
      new ApiError(409, 'conflict', 'The compilation changed since it was loaded'),
    );
    vi.spyOn(calls, 'getCompilationObjects').mockResolvedValueOnce({
      compilation_id: 'a',
      objects: [object('o1'), object('o2'), object('o3')],
    });
    const result = await store.dispatch(
      saveCompilationOrder({ compilationId: 'a', objectIds: ['o3', 'o1', 'o2'] }),
    );
    expect(result.payload).toBe('The compilation changed since it was loaded');
    await vi.waitFor(() =>
      expect(store.getState().compilations.objects.items.map((o) => o.object_id)).toEqual([
        'o1',
        'o2',
        'o3',
      ]),
    );
  });
});
