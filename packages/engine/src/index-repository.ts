import { readFile } from 'node:fs/promises';
import { indexFile, type IndexOptions } from './index-file.ts';
import {
  ENGINE_SCHEMA_VERSION,
  type FileIndex,
  type Reference,
  type RepositoryIndex,
  type SourceFile,
} from './model.ts';
import { createParsePool, type ParsePool } from './parse/pool.ts';
import { buildSymbolTable, resolveFileReferences } from './resolve/references.ts';

/** A file given lazily: read when its turn comes, so memory follows the largest file. */
export interface LazySourceFile {
  path: string;
  /** Absolute path on disk; read inside the worker when threads are used. */
  absolutePath: string;
}

/** Options for whole-repository runs. */
export interface RepositoryOptions extends IndexOptions {
  /** Parse on worker threads (piscina); a number sets the thread count. Default: in-thread. */
  threads?: number | boolean;
  /** Reuse a pool across runs (the caller destroys it). */
  pool?: ParsePool;
}

type AnyFile = SourceFile | LazySourceFile;

async function parseAll(
  files: readonly AnyFile[],
  options: RepositoryOptions,
): Promise<FileIndex[]> {
  const { threads, pool: given, ...indexOptions } = options;
  const usePool =
    given ??
    (threads ? createParsePool(typeof threads === 'number' ? { threads } : {}) : undefined);
  try {
    if (usePool) {
      return await Promise.all(
        files.map((file) =>
          usePool.run(
            'absolutePath' in file
              ? { path: file.path, absolutePath: file.absolutePath, options: indexOptions }
              : { path: file.path, content: file.content, options: indexOptions },
          ),
        ),
      );
    }
    const out: FileIndex[] = [];
    for (const file of files) {
      const content = 'absolutePath' in file ? await readLazily(file.absolutePath) : file.content;
      out.push(await indexFile({ path: file.path, content }, indexOptions));
    }
    return out;
  } finally {
    if (usePool && !given) await usePool.destroy();
  }
}

function readLazily(path: string): Promise<Uint8Array> {
  return readFile(path);
}

const byPath = (a: FileIndex, b: FileIndex) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

/**
 * Indexes a whole repository: every file parsed (in parallel when asked), then references
 * resolved across files. Files come back sorted by path, so equal input gives equal output.
 */
export async function indexRepository(
  files: readonly AnyFile[],
  options: RepositoryOptions = {},
): Promise<RepositoryIndex> {
  const parsed = (await parseAll(files, options)).sort(byPath);
  const table = buildSymbolTable(parsed);
  const references = parsed.flatMap((file) => resolveFileReferences(file, table));
  return { schemaVersion: ENGINE_SCHEMA_VERSION, files: parsed, references };
}

/**
 * Names whose definitions differ between the old and new versions of the changed files (an
 * object added, removed, or re-identified). Sites using other names resolve exactly as before.
 */
function changedNames(before: readonly FileIndex[], after: readonly FileIndex[]): Set<string> {
  const shape = (files: readonly FileIndex[]) => {
    const byName = new Map<string, string[]>();
    for (const file of files) {
      for (const o of file.objects) {
        const list = byName.get(o.name) ?? [];
        list.push(`${file.path}|${o.id}|${o.kind}|${o.parentId ?? ''}`);
        byName.set(o.name, list);
      }
    }
    return new Map([...byName].map(([name, list]) => [name, list.sort().join('\n')]));
  };
  const old = shape(before);
  const now = shape(after);
  const names = new Set<string>();
  for (const name of new Set([...old.keys(), ...now.keys()])) {
    if (old.get(name) !== now.get(name)) names.add(name);
  }
  return names;
}

/** A changed path of a commit: new content, or null when the file was deleted. */
export interface ChangedFile {
  path: string;
  content: Uint8Array | string | null;
}

/** What an incremental update did, for logs and for the "touches one file" budget. */
export interface UpdateResult {
  index: RepositoryIndex;
  reparsed: string[];
  /** Files whose references were recomputed (the changed ones and those that refer to them). */
  reresolved: string[];
}

/**
 * Incremental re-index after a commit: only the changed files are parsed again, and references
 * are recomputed only for files that could see a difference — the changed files, files that
 * import them, and files naming something defined (before or after) in them.
 */
export async function updateIndex(
  previous: RepositoryIndex,
  changedFiles: readonly ChangedFile[],
  options: RepositoryOptions = {},
): Promise<UpdateResult> {
  if (previous.schemaVersion !== ENGINE_SCHEMA_VERSION) {
    throw new Error(
      `Index schema ${previous.schemaVersion} is not ${ENGINE_SCHEMA_VERSION}; run indexRepository.`,
    );
  }
  const changed = new Set(changedFiles.map((f) => f.path));
  const present = changedFiles.filter(
    (f): f is ChangedFile & { content: Uint8Array | string } => f.content !== null,
  );
  const reparsedFiles = await parseAll(
    present.map((f) => ({ path: f.path, content: f.content })),
    options,
  );
  const touchedNames = changedNames(
    previous.files.filter((f) => changed.has(f.path)),
    reparsedFiles,
  );
  const previousPaths = new Set(previous.files.map((f) => f.path));
  const added = reparsedFiles.some((f) => !previousPaths.has(f.path));
  const deleted = new Set(changedFiles.filter((f) => f.content === null).map((f) => f.path));
  const files = [...previous.files.filter((f) => !changed.has(f.path)), ...reparsedFiles].sort(
    byPath,
  );
  const table = buildSymbolTable(files);
  const previousByFile = new Map<string, Reference[]>();
  for (const ref of previous.references) {
    const list = previousByFile.get(ref.fromFile);
    if (list) list.push(ref);
    else previousByFile.set(ref.fromFile, [ref]);
  }
  const reresolved: string[] = [];
  const references: Reference[] = [];
  for (const file of files) {
    const old = previousByFile.get(file.path) ?? [];
    const affected =
      changed.has(file.path) ||
      file.sites.some((s) => touchedNames.has(s.name)) ||
      // a file appearing or disappearing changes what imports resolve to
      (added && old.some((r) => r.kind === 'import' && r.toFile === undefined)) ||
      old.some((r) => r.toFile !== undefined && deleted.has(r.toFile));
    if (affected) {
      reresolved.push(file.path);
      references.push(...resolveFileReferences(file, table));
    } else {
      references.push(...old);
    }
  }
  return {
    index: { schemaVersion: ENGINE_SCHEMA_VERSION, files, references },
    reparsed: reparsedFiles.map((f) => f.path),
    reresolved,
  };
}
