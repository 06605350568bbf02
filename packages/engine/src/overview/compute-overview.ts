import {
  OVERVIEW_VERSION,
  type OverviewApiObject,
  type OverviewDependency,
  type OverviewFacts,
  type OverviewKeyObject,
  type OverviewModule,
  type OverviewObject,
  type OverviewUsedObject,
} from '@codedocs/contract';
import type { CodeObject, FileIndex, Reference } from '../model.ts';
import { isTestPath } from '../resolve/queries.ts';
import { findEntryPoints, type ManifestFile } from './entry-points.ts';
import { layoutModuleGraph } from './module-graph.ts';

/** What the overview is computed from: one commit's indexed model and its manifests. */
export interface OverviewInput {
  /** The engine models of the commit's source files. */
  files: readonly FileIndex[];
  /** The commit's cross-file references (resolved call and import edges among them). */
  references: readonly Reference[];
  /** package.json, pyproject.toml, setup.cfg, setup.py and Cargo.toml texts of the commit. */
  manifests: readonly ManifestFile[];
  /** Every path listed at the commit (declared targets may be files the engine does not read). */
  paths: readonly string[];
}

/** How many of each list the facts keep: an overview is read, not searched. */
export const OVERVIEW_LIMITS = {
  entryPoints: 40,
  modules: 24,
  keyObjects: 5,
  mostUsed: 15,
  publicApi: 200,
};

// folders of examples and docs are not the package's API
const NON_API_PATH = /(^|\/)(examples?|docs?|samples?|benchmarks?|bench)\//;

/**
 * The repository's overview as facts: entry points, modules with what they hold, the import graph
 * between modules, the objects with most callers and the public API. Pure: the same model gives
 * the same facts, in a fixed order.
 */
export function computeOverview(input: OverviewInput): OverviewFacts {
  const files = input.files
    .filter((file) => file.status === 'parsed')
    .sort((a, b) => a.path.localeCompare(b.path));
  const filesByPath = new Map(files.map((file) => [file.path, file]));
  const objectsById = new Map<string, { object: CodeObject; file: FileIndex }>();
  for (const file of files)
    for (const object of file.objects) objectsById.set(object.id, { object, file });

  const callers = countCallers(input.references);
  const objectRef = (object: CodeObject, file: FileIndex): OverviewObject => ({
    object_id: object.id,
    name: object.name,
    qualified_name: object.qualifiedName,
    kind: object.kind,
    file_path: file.path,
  });
  const isTopLevel = (object: CodeObject, file: FileIndex) =>
    object.kind !== 'module' &&
    (object.parentId === undefined ||
      ['module', 'namespace'].includes(objectsById.get(object.parentId)?.object.kind ?? 'module') ||
      !file.objects.some((o) => o.id === object.parentId));

  const moduleOf = moduleNamer(files);
  const modules = buildModules(files, moduleOf, callers, isTopLevel, objectRef);
  const listed = new Set(modules.slice(0, OVERVIEW_LIMITS.modules).map((m) => m.path));

  const languages = new Map<string, number>();
  for (const file of files) {
    if (file.language) languages.set(file.language, (languages.get(file.language) ?? 0) + 1);
  }

  const dependencies = moduleDependencies(input.references, moduleOf, filesByPath, listed);
  return {
    version: OVERVIEW_VERSION,
    files: files.length,
    objects: files.reduce((sum, file) => sum + file.objects.length, 0),
    languages: [...languages]
      .map(([language, count]) => ({ language, files: count }))
      .sort((a, b) => b.files - a.files || a.language.localeCompare(b.language)),
    entry_points: findEntryPoints(input.manifests, files, {
      paths: new Set(input.paths),
      filesByPath,
      objectRef,
    }).slice(0, OVERVIEW_LIMITS.entryPoints),
    modules: modules.slice(0, OVERVIEW_LIMITS.modules),
    module_count: modules.length,
    dependencies,
    graph: layoutModuleGraph(dependencies),
    most_used: mostUsed(callers, objectsById, objectRef),
    ...publicApi(files, isTopLevel, objectRef),
  };
}

interface CallerCount {
  callers: Set<string>;
  testCallers: Set<string>;
  sites: number;
}

/** Distinct callers per called object, from resolved call edges only. */
function countCallers(references: readonly Reference[]): Map<string, CallerCount> {
  const out = new Map<string, CallerCount>();
  for (const ref of references) {
    if (ref.kind !== 'call' || ref.toId === undefined) continue;
    const caller = ref.fromId ?? `file:${ref.fromFile}`;
    if (caller === ref.toId) continue; // recursion is not use
    let count = out.get(ref.toId);
    if (!count) {
      count = { callers: new Set(), testCallers: new Set(), sites: 0 };
      out.set(ref.toId, count);
    }
    count.callers.add(caller);
    if (isTestPath(ref.fromFile)) count.testCallers.add(caller);
    count.sites += 1;
  }
  return out;
}

/**
 * Files group into modules by folder; a repository whose code sits in one folder has its files
 * as modules instead, so the graph still says something.
 */
function moduleNamer(files: readonly FileIndex[]): (path: string) => string {
  const folders = new Set(files.filter((f) => !isTestPath(f.path)).map((f) => folderOf(f.path)));
  if (folders.size >= 2) return folderOf;
  return (path) => path;
}

function folderOf(path: string): string {
  const at = path.lastIndexOf('/');
  return at < 0 ? '.' : path.slice(0, at);
}

const KIND_RANK: Record<string, number> = {
  class: 0,
  interface: 1,
  struct: 1,
  trait: 1,
  enum: 2,
  type: 3,
  function: 4,
  constant: 5,
};

function buildModules(
  files: readonly FileIndex[],
  moduleOf: (path: string) => string,
  callers: ReadonlyMap<string, CallerCount>,
  isTopLevel: (object: CodeObject, file: FileIndex) => boolean,
  objectRef: (object: CodeObject, file: FileIndex) => OverviewObject,
): OverviewModule[] {
  const groups = new Map<string, FileIndex[]>();
  for (const file of files) {
    const path = moduleOf(file.path);
    groups.set(path, [...(groups.get(path) ?? []), file]);
  }
  const modules: OverviewModule[] = [];
  for (const [path, members] of groups) {
    const kinds = new Map<string, number>();
    const candidates: OverviewKeyObject[] = [];
    let objects = 0;
    for (const file of members) {
      for (const object of file.objects) {
        if (object.kind === 'module') continue;
        objects += 1;
        kinds.set(object.kind, (kinds.get(object.kind) ?? 0) + 1);
        if (isTopLevel(object, file)) {
          candidates.push({
            ...objectRef(object, file),
            callers: callers.get(object.id)?.callers.size ?? 0,
          });
        }
      }
    }
    candidates.sort(
      (a, b) =>
        b.callers - a.callers ||
        (KIND_RANK[a.kind] ?? 9) - (KIND_RANK[b.kind] ?? 9) ||
        a.qualified_name.localeCompare(b.qualified_name),
    );
    modules.push({
      path,
      files: members.length,
      objects,
      kinds: Object.fromEntries([...kinds].sort(([a], [b]) => a.localeCompare(b))),
      languages: [
        ...new Set(members.map((f) => f.language).filter((l): l is string => !!l)),
      ].sort(),
      test: members.every((file) => isTestPath(file.path)),
      key_objects: candidates.slice(0, OVERVIEW_LIMITS.keyObjects),
    });
  }
  return modules.sort(
    (a, b) =>
      Number(a.test) - Number(b.test) || b.objects - a.objects || a.path.localeCompare(b.path),
  );
}

/** Import edges between listed modules, counted, largest first. */
function moduleDependencies(
  references: readonly Reference[],
  moduleOf: (path: string) => string,
  filesByPath: ReadonlyMap<string, FileIndex>,
  listed: ReadonlySet<string>,
): OverviewDependency[] {
  const counts = new Map<string, number>();
  for (const ref of references) {
    if (ref.kind !== 'import' || ref.toFile === undefined || !filesByPath.has(ref.toFile)) continue;
    const from = moduleOf(ref.fromFile);
    const to = moduleOf(ref.toFile);
    if (from === to || !listed.has(from) || !listed.has(to)) continue;
    const key = `${from}\0${to}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts]
    .map(([key, imports]) => {
      const [from, to] = key.split('\0') as [string, string];
      return { from, to, imports };
    })
    .sort(
      (a, b) => a.from.localeCompare(b.from) || b.imports - a.imports || a.to.localeCompare(b.to),
    );
}

function mostUsed(
  callers: ReadonlyMap<string, CallerCount>,
  objectsById: ReadonlyMap<string, { object: CodeObject; file: FileIndex }>,
  objectRef: (object: CodeObject, file: FileIndex) => OverviewObject,
): OverviewUsedObject[] {
  const out: OverviewUsedObject[] = [];
  for (const [id, count] of callers) {
    const found = objectsById.get(id);
    if (!found) continue;
    out.push({
      ...objectRef(found.object, found.file),
      callers: count.callers.size,
      call_sites: count.sites,
      test_callers: count.testCallers.size,
    });
  }
  return out
    .sort(
      (a, b) =>
        b.callers - a.callers ||
        b.call_sites - a.call_sites ||
        a.qualified_name.localeCompare(b.qualified_name) ||
        a.file_path.localeCompare(b.file_path),
    )
    .slice(0, OVERVIEW_LIMITS.mostUsed);
}

function isPublic(object: CodeObject, file: FileIndex): boolean {
  if (!object.modifiers.exported) return false;
  const visibility = object.modifiers.visibility;
  if (visibility && visibility !== 'public') return false;
  // Python marks privacy by a leading underscore, on the name or on any module of its path
  if (
    file.language === 'python' &&
    (object.name.startsWith('_') || /(^|\/)_(?!_init__\.py$)/.test(file.path))
  )
    return false;
  return true;
}

function publicApi(
  files: readonly FileIndex[],
  isTopLevel: (object: CodeObject, file: FileIndex) => boolean,
  objectRef: (object: CodeObject, file: FileIndex) => OverviewObject,
): Pick<OverviewFacts, 'public_api' | 'public_api_total'> {
  const all: OverviewApiObject[] = [];
  for (const file of files) {
    if (isTestPath(file.path) || NON_API_PATH.test(file.path)) continue;
    for (const object of file.objects) {
      if (!isTopLevel(object, file) || !isPublic(object, file)) continue;
      all.push({ ...objectRef(object, file), signature: object.signature });
    }
  }
  const groups = new Map<string, OverviewApiObject[]>();
  for (const object of all.slice(0, OVERVIEW_LIMITS.publicApi)) {
    const module = object.file_path;
    groups.set(module, [...(groups.get(module) ?? []), object]);
  }
  return {
    public_api: [...groups].map(([module, objects]) => ({
      module,
      objects: objects.sort(
        (a, b) =>
          (KIND_RANK[a.kind] ?? 9) - (KIND_RANK[b.kind] ?? 9) ||
          a.qualified_name.localeCompare(b.qualified_name),
      ),
    })),
    public_api_total: all.length,
  };
}
