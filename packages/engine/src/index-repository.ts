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
import { affectedFiles } from './resolve/affected.ts';
import { resolveFileReferences } from './resolve/references.ts';
import { StreamingResolver, type ResolvedFile } from './resolve/stream.ts';
import { reshapedPaths, scopeOf } from './resolve/symbols.ts';

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

/** Where a streaming run hands its results; the engine keeps neither once handed over. */
export interface IndexSink {
  /** A file's model, as soon as it is parsed (in completion order). */
  file?(model: FileIndex): void | Promise<void>;
  /** A file's references, as soon as every file it imports is parsed (in no fixed order). */
  references?(resolved: ResolvedFile): void | Promise<void>;
}

/** Totals of a streaming run, and how many files had to wait for an import at most. */
export interface StreamSummary {
  files: number;
  objects: number;
  references: number;
  peakWaiting: number;
}

/** Parse tasks handed to a pool at once per thread: enough to keep every thread's queue full. */
const TASKS_PER_THREAD = 8;

function parseTask(file: AnyFile, options: IndexOptions) {
  return 'absolutePath' in file
    ? { path: file.path, absolutePath: file.absolutePath, options }
    : { path: file.path, content: file.content, options };
}

/**
 * Runs `work` with the pool the options ask for (the given one, a new one for `threads`, or none
 * for in-thread parsing), and destroys a pool it created.
 */
async function withPool<T>(
  options: RepositoryOptions,
  work: (pool: ParsePool | undefined, indexOptions: IndexOptions) => Promise<T>,
): Promise<T> {
  const { threads, pool: given, ...indexOptions } = options;
  const pool =
    given ??
    (threads ? createParsePool(typeof threads === 'number' ? { threads } : {}) : undefined);
  try {
    return await work(pool, indexOptions);
  } finally {
    if (pool && !given) await pool.destroy();
  }
}

async function parseInThread(file: AnyFile, options: IndexOptions): Promise<FileIndex> {
  const content = 'absolutePath' in file ? await readFile(file.absolutePath) : file.content;
  return indexFile({ path: file.path, content }, options);
}

/**
 * Indexes a repository as a stream: files are parsed (on the pool when asked) a window at a time,
 * each model goes to `sink.file`, and each file's references go to `sink.references` as soon as
 * the files it imports are parsed. A file some waiting file imports is parsed next, so few wait.
 * Memory holds the window of models in flight, the compact symbols of every file and the sites
 * of the files still waiting, never every model of the repository.
 */
export async function streamRepositoryIndex(
  files: readonly AnyFile[],
  sink: IndexSink,
  options: RepositoryOptions = {},
): Promise<StreamSummary> {
  const fileOf = new Map(files.map((file) => [file.path, file]));
  const submitted = new Set<string>();
  const urgent: string[] = [];
  const resolver = new StreamingResolver(fileOf, (path) => urgent.push(path));
  let cursor = 0;
  const next = (): AnyFile | undefined => {
    while (urgent.length) {
      const file = fileOf.get(urgent.pop()!);
      if (file && !submitted.has(file.path)) return (submitted.add(file.path), file);
    }
    while (cursor < files.length) {
      const file = files[cursor++]!;
      if (!submitted.has(file.path)) return (submitted.add(file.path), file);
    }
    return undefined;
  };
  const summary: StreamSummary = { files: 0, objects: 0, references: 0, peakWaiting: 0 };
  const hand = async (resolved: ResolvedFile[]) => {
    for (const entry of resolved) {
      summary.references += entry.references.length;
      await sink.references?.(entry);
    }
  };
  const take = async (model: FileIndex) => {
    summary.files++;
    summary.objects += model.objects.length;
    await sink.file?.(model);
    await hand(resolver.add(model));
  };
  await withPool(options, async (pool, indexOptions) => {
    if (pool) {
      await new Promise<void>((resolve, reject) => {
        let active = 0;
        let failed = false;
        // results are taken one at a time, in the order they arrive
        let taking = Promise.resolve();
        // parses still on a thread: a failed run waits for them before the pool may be destroyed
        // (piscina throws, uncaught, when a result arrives for a task its destroy dropped)
        const parsing = new Set<Promise<unknown>>();
        const fail = (error: unknown) => {
          if (failed) return;
          failed = true;
          void Promise.allSettled([...parsing]).then(() => reject(error));
        };
        const window = Math.max(16, pool.threads * TASKS_PER_THREAD);
        const pump = () => {
          while (!failed && active < window) {
            const file = next();
            if (!file) break;
            active++;
            const parse = pool.run(parseTask(file, indexOptions));
            parsing.add(parse);
            void parse.finally(() => parsing.delete(parse)).catch(() => {});
            parse.then((model) => {
              taking = taking
                .then(async () => {
                  if (failed) return;
                  await take(model);
                  active--;
                  pump();
                })
                .catch(fail);
            }, fail);
          }
          if (active === 0) resolve();
        };
        pump();
      });
    } else {
      for (let file = next(); file; file = next())
        await take(await parseInThread(file, indexOptions));
    }
    await hand(resolver.finish());
  });
  summary.peakWaiting = resolver.peakWaiting;
  return summary;
}

const byPath = (a: { path: string }, b: { path: string }) =>
  a.path < b.path ? -1 : a.path > b.path ? 1 : 0;

/**
 * Indexes a whole repository into memory: every file parsed (in parallel when asked) and
 * references resolved across files. Files come back sorted by path and references in file order,
 * so equal input gives equal output. For a repository too large to hold, use
 * streamRepositoryIndex.
 */
export async function indexRepository(
  files: readonly AnyFile[],
  options: RepositoryOptions = {},
): Promise<RepositoryIndex> {
  const models: FileIndex[] = [];
  const references = new Map<string, Reference[]>();
  await streamRepositoryIndex(
    files,
    {
      file: (model) => void models.push(model),
      references: (resolved) => void references.set(resolved.path, resolved.references),
    },
    options,
  );
  models.sort(byPath);
  return {
    schemaVersion: ENGINE_SCHEMA_VERSION,
    files: models,
    references: models.flatMap((file) => references.get(file.path) ?? []),
  };
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

function parseFiles(files: readonly SourceFile[], options: RepositoryOptions) {
  return withPool(options, async (pool, indexOptions) => {
    if (pool) return Promise.all(files.map((f) => pool.run(parseTask(f, indexOptions))));
    const out: FileIndex[] = [];
    for (const file of files) out.push(await parseInThread(file, indexOptions));
    return out;
  });
}

/**
 * Incremental re-index after a commit: only the changed files are parsed again, and references
 * are recomputed only for the changed files and the files whose imports see a difference (see
 * affectedFiles); every other file keeps its references.
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
  const reparsedFiles = await parseFiles(present, options);
  const before = new Map(previous.files.map((f) => [f.path, f]));
  const files = [...previous.files.filter((f) => !changed.has(f.path)), ...reparsedFiles].sort(
    byPath,
  );
  const after = new Map(files.map((f) => [f.path, f]));
  const affected = affectedFiles(
    {
      changed,
      reshaped: reshapedPaths(changed, before, after),
      pathsAdded: reparsedFiles.some((f) => !before.has(f.path)),
      paths: after,
      languageOf: (path) => after.get(path)?.language ?? null,
    },
    previous.references,
  );
  const scope = scopeOf(files);
  const previousByFile = new Map<string, Reference[]>();
  for (const ref of previous.references) {
    const list = previousByFile.get(ref.fromFile);
    if (list) list.push(ref);
    else previousByFile.set(ref.fromFile, [ref]);
  }
  const reresolved: string[] = [];
  const references: Reference[] = [];
  for (const file of files) {
    if (changed.has(file.path) || affected.has(file.path)) {
      reresolved.push(file.path);
      references.push(...resolveFileReferences(file, scope));
    } else {
      references.push(...(previousByFile.get(file.path) ?? []));
    }
  }
  return {
    index: { schemaVersion: ENGINE_SCHEMA_VERSION, files, references },
    reparsed: reparsedFiles.map((f) => f.path),
    reresolved,
  };
}
