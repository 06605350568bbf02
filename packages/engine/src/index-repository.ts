import type { IndexOptions } from './index-file.ts';
import {
  arraySource,
  type FileSource,
  type ModelStore,
  type SourceContent,
  type SourceEntry,
} from './index-sources.ts';
import {
  ENGINE_SCHEMA_VERSION,
  type FileIndex,
  type Reference,
  type RepositoryIndex,
} from './model.ts';
import { feedModels, type ModelOrigin } from './parse/feed.ts';
import { createParsePool, type ParsePool } from './parse/pool.ts';
import { StreamingResolver, type ResolvedFile } from './resolve/stream.ts';

/** Options for whole-repository runs. */
export interface RepositoryOptions extends IndexOptions {
  /** Parse on worker threads (piscina); a number sets the thread count. Default: in-thread. */
  threads?: number | boolean;
  /** Reuse a pool across runs (the caller destroys it). */
  pool?: ParsePool;
  /** Models read back instead of parsing, and where parsed ones are saved. */
  store?: ModelStore;
  /** Stops the run (between files) with the signal's reason. */
  signal?: AbortSignal;
}

/** Where a streaming run hands its results; the engine keeps neither once handed over. */
export interface IndexSink {
  /** A file's model, as soon as it is parsed or read back (in completion order). */
  file?(model: FileIndex, origin: ModelOrigin): void | Promise<void>;
  /** A file's references, as soon as every file it imports is parsed (in no fixed order). */
  references?(resolved: ResolvedFile): void | Promise<void>;
}

/** Totals of a streaming run, and how many files had to wait for an import at most. */
export interface StreamSummary {
  files: number;
  objects: number;
  references: number;
  peakWaiting: number;
  /** The paths parsed (the others were read back from the store). */
  parsed: string[];
}

/** A source as given: a FileSource, or files listed with their contents or on disk. */
export type SourceInput = FileSource | readonly SourceContent[];

/** The FileSource of an input. */
export function asSource(input: SourceInput): FileSource {
  return 'list' in input ? input : arraySource(input);
}

/**
 * Runs `work` with the pool the options ask for (the given one, a new one for `threads`, or none
 * for in-thread parsing), and destroys a pool it created.
 */
export async function withPool<T>(
  options: RepositoryOptions,
  work: (pool: ParsePool | undefined, indexOptions: IndexOptions) => Promise<T>,
): Promise<T> {
  const { threads, pool: given, store: _store, signal: _signal, ...indexOptions } = options;
  const pool =
    given ??
    (threads ? createParsePool(typeof threads === 'number' ? { threads } : {}) : undefined);
  try {
    return await work(pool, indexOptions);
  } finally {
    if (pool && !given) await pool.destroy();
  }
}

/**
 * Indexes a repository as a stream: the source's files are read and parsed (on the pool when
 * asked) a window at a time, or read back from the store when it has their model; each model
 * goes to `sink.file`, and each file's references go to `sink.references` as soon as the files
 * it imports have arrived. A file some waiting file imports is read next, so few wait. Memory
 * holds the window of models in flight, the compact symbols of every file and the sites of the
 * files still waiting, never every model of the repository.
 */
export async function streamRepositoryIndex(
  input: SourceInput,
  sink: IndexSink,
  options: RepositoryOptions = {},
): Promise<StreamSummary> {
  const source = asSource(input);
  const files = await source.list();
  const fileOf = new Map(files.map((file) => [file.path, file]));
  const submitted = new Set<string>();
  const urgent: string[] = [];
  const resolver = new StreamingResolver(fileOf, (path) => urgent.push(path));
  let cursor = 0;
  const next = (): SourceEntry | undefined => {
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
  const summary: StreamSummary = {
    files: 0,
    objects: 0,
    references: 0,
    peakWaiting: 0,
    parsed: [],
  };
  const hand = async (resolved: ResolvedFile[]) => {
    for (const entry of resolved) {
      summary.references += entry.references.length;
      await sink.references?.(entry);
    }
  };
  const take = async (model: FileIndex, origin: ModelOrigin) => {
    summary.files++;
    summary.objects += model.objects.length;
    await sink.file?.(model, origin);
    await hand(resolver.add(model));
  };
  summary.parsed = await withPool(options, (pool, indexOptions) =>
    feedModels(next, take, {
      source,
      indexOptions,
      ...(pool && { pool }),
      ...(options.store && { store: options.store }),
      ...(options.signal && { signal: options.signal }),
    }),
  );
  await hand(resolver.finish());
  summary.peakWaiting = resolver.peakWaiting;
  return summary;
}

/** Orders files by path (code-unit order, as git lists them). */
export const byPath = (a: { path: string }, b: { path: string }) =>
  a.path < b.path ? -1 : a.path > b.path ? 1 : 0;

/**
 * Indexes a whole repository into memory: every file parsed (in parallel when asked) and
 * references resolved across files. Files come back sorted by path and references in file order,
 * so equal input gives equal output. For a repository too large to hold, use
 * streamRepositoryIndex.
 */
export async function indexRepository(
  files: SourceInput,
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
