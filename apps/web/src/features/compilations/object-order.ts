import type { CompilationRepository, ListedObject } from '@codedocs/contract';

/**
 * A compilation's objects are one ordered list (the order of the site's pages); the screen
 * shows them grouped by repository, each group in that order. A move therefore swaps an object
 * with its neighbour of the same repository, so the grouped view and the saved order agree.
 */

/** The ids of `objects` after moving `objectId` one place up or down within its repository. */
export function moveWithinRepository(
  objects: readonly ListedObject[],
  objectId: string,
  direction: -1 | 1,
): string[] | null {
  const ids = objects.map((object) => object.object_id);
  const from = ids.indexOf(objectId);
  if (from < 0) return null;
  const repoId = objects[from]!.repo_id;
  let to = from + direction;
  while (to >= 0 && to < objects.length && objects[to]!.repo_id !== repoId) to += direction;
  if (to < 0 || to >= objects.length) return null;
  ids[from] = ids[to]!;
  ids[to] = objectId;
  return ids;
}

/**
 * The ids of `objects` after dropping `draggedId` just before (or after) `targetId`, both of
 * one repository: that repository's objects are rearranged among the places they hold, so
 * the other repositories' objects keep theirs. Null when nothing moves.
 */
export function moveNextTo(
  objects: readonly ListedObject[],
  draggedId: string,
  targetId: string,
  after: boolean,
): string[] | null {
  if (draggedId === targetId) return null;
  const dragged = objects.find((object) => object.object_id === draggedId);
  const target = objects.find((object) => object.object_id === targetId);
  if (!dragged || !target || dragged.repo_id !== target.repo_id) return null;
  const ids = objects.map((object) => object.object_id);
  const slots = objects.flatMap((object, index) =>
    object.repo_id === dragged.repo_id ? [index] : [],
  );
  const group = slots.map((slot) => ids[slot]!);
  const reordered = group.filter((id) => id !== draggedId);
  reordered.splice(reordered.indexOf(targetId) + (after ? 1 : 0), 0, draggedId);
  if (reordered.every((id, index) => id === group[index])) return null;
  slots.forEach((slot, index) => (ids[slot] = reordered[index]!));
  return ids;
}

/** A row of the grouped list: a repository's header, or one of its objects. */
export type GroupedRow =
  | { type: 'repo'; key: string; repo: CompilationRepository; shown: number }
  | { type: 'object'; key: string; object: ListedObject };

/**
 * Groups `objects` (already filtered) by repository, in the order each repository first
 * appears in `all` (the whole compilation, so filtering never reorders the groups); a
 * repository missing from the compilation's metadata is described from its objects.
 */
export function groupByRepository(
  objects: readonly ListedObject[],
  repositories: readonly CompilationRepository[],
  all: readonly ListedObject[] = objects,
): GroupedRow[] {
  const order = new Map<string, number>();
  for (const object of all) if (!order.has(object.repo_id)) order.set(object.repo_id, order.size);
  const sorted = [...objects].sort(
    (a, b) => (order.get(a.repo_id) ?? order.size) - (order.get(b.repo_id) ?? order.size),
  );
  const groups = new Map<string, ListedObject[]>();
  for (const object of sorted) {
    const group = groups.get(object.repo_id);
    if (group) group.push(object);
    else groups.set(object.repo_id, [object]);
  }
  const known = new Map(repositories.map((repo) => [repo.repo_id, repo]));
  const rows: GroupedRow[] = [];
  for (const [repoId, group] of groups) {
    const repo = known.get(repoId) ?? {
      repo_id: repoId,
      repo_name: group[0]!.repo_name,
      repo_url: '',
      last_updated: null,
      files: new Set(group.map((object) => object.file_path)).size,
      objects: group.length,
    };
    rows.push({ type: 'repo', key: `repo:${repoId}`, repo, shown: group.length });
    for (const object of group) rows.push({ type: 'object', key: object.object_id, object });
  }
  return rows;
}

/** The filters of a compilation's objects: name (substring), type (kind) and repository. */
export interface ObjectFilters {
  name: string;
  kind: string | null;
  repoId: string | null;
}

/** `objects` that pass `filters`. */
export function filterObjects(
  objects: readonly ListedObject[],
  { name, kind, repoId }: ObjectFilters,
): ListedObject[] {
  const needle = name.trim().toLowerCase();
  return objects.filter(
    (object) =>
      (!kind || object.kind === kind) &&
      (!repoId || object.repo_id === repoId) &&
      (!needle || object.qualified_name.toLowerCase().includes(needle)),
  );
}
