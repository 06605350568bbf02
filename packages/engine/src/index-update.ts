import { detectLanguage } from './languages/detect.ts';
import {
  asSource,
  byPath,
  withPool,
  type IndexSink,
  type RepositoryOptions,
  type SourceInput,
} from './index-repository.ts';
import { MemoryModelStore, type ModelStore, type SourceEntry } from './index-sources.ts';
import {
  ENGINE_SCHEMA_VERSION,
  type FileIndex,
  type Reference,
  type RepositoryIndex,
} from './model.ts';
import { feedModels, type ModelOrigin } from './parse/feed.ts';
import { affectedFiles } from './resolve/affected.ts';
import { importTargets, resolveFileReferences } from './resolve/references.ts';
import { fileSymbols, reshapedPaths, type FileSymbols } from './resolve/symbols.ts';

/** The indexed version an update builds on. */
export interface IndexBase {
  /** Its files, with the keys their models are stored under. */
  files: readonly SourceEntry[];
  /** Its references, each file's together (the planner reads the import references). */
  references: Iterable<Reference>;
}

/** What an update did: the "a one-file change parses one file" budget reads `parsed`. */
export interface UpdateSummary {
  /** Paths added, modified or deleted since the base. */
  changed: string[];
  /** Paths parsed (changed files the store had no model for, and any model it had lost). */
  parsed: string[];
  /** Files whose references were recomputed (the changed ones and those that refer to them). */
  reresolved: string[];
  /** Objects of the new version minus those of the base. */
  objectDelta: number;
  /** References handed to the sink. */
  references: number;
}

/**
 * Incremental re-index of a new version of a repository from an indexed base version: only the
 * files whose key changed are read back or parsed (and handed to `sink.file`), and references
 * are recomputed only for them and for the files whose imports see a difference (see
 * affectedFiles); every other file keeps the base's references. Each file's references go to
 * `sink.references`. The store holds the base's models: those of the changed paths (for what
 * changed in their symbols), of the affected files and of what those import are read back.
 */
export async function streamIndexUpdate(
  base: IndexBase,
  input: SourceInput,
  sink: IndexSink,
  options: RepositoryOptions & { store: ModelStore },
): Promise<UpdateSummary> {
  const { store, signal } = options;
  const source = asSource(input);
  return withPool(options, async (pool, indexOptions) => {
    const parsed: string[] = [];
    const feed = async (
      files: readonly SourceEntry[],
      take: (model: FileIndex, origin: ModelOrigin) => Promise<void> | void,
    ) => {
      let at = 0;
      const done = await feedModels(
        () => files[at++],
        async (model, origin) => take(model, origin),
        { source, store, indexOptions, ...(pool && { pool }), ...(signal && { signal }) },
      );
      parsed.push(...done);
    };
    const listing = await source.list();
    const now = new Map(listing.map((file) => [file.path, file]));
    const baseOf = new Map(base.files.map((file) => [file.path, file]));
    const changedFiles = listing.filter(
      (file) => file.key === undefined || baseOf.get(file.path)?.key !== file.key,
    );
    const changed = new Set(changedFiles.map((file) => file.path));
    for (const file of base.files) if (!now.has(file.path)) changed.add(file.path);
    // the base's versions of what changed: their symbols and object counts
    const before = new Map<string, FileIndex>();
    for await (const model of store.load(base.files.filter((file) => changed.has(file.path))))
      before.set(model.path, model);
    const after = new Map<string, FileIndex>();
    await feed(changedFiles, async (model, origin) => {
      after.set(model.path, model);
      await sink.file?.(model, origin);
    });
    const affected = affectedFiles(
      {
        changed,
        reshaped: reshapedPaths(changed, before, after),
        pathsAdded: changedFiles.some((file) => !baseOf.has(file.path)),
        paths: now,
        languageOf: (path) => {
          const file = now.get(path);
          return file?.language !== undefined ? file.language : (detectLanguage(path)?.id ?? null);
        },
      },
      base.references,
    );
    // the files to resolve again (their sites and imports: the objects go into the symbols, as
    // the streaming resolver keeps them), and the symbols of every file they import
    const symbols = new Map<string, FileSymbols>();
    const toResolve: FileIndex[] = [];
    const keep = (model: FileIndex) => {
      symbols.set(model.path, fileSymbols(model));
      toResolve.push({ ...model, objects: [], diagnostics: [] });
    };
    after.forEach(keep);
    await feed(
      [...affected].flatMap((path) => now.get(path) ?? []),
      keep,
    );
    const scope = { paths: now, symbols: (path: string) => symbols.get(path) };
    // (asked again while new symbols arrive: a Python import reaches the files it re-exports from)
    for (let fed = -1; fed !== symbols.size;) {
      fed = symbols.size;
      const imported = new Set(toResolve.flatMap((model) => importTargets(model, scope)));
      await feed(
        [...imported].flatMap((path) => (symbols.has(path) ? [] : (now.get(path) ?? []))),
        (model) => void symbols.set(model.path, fileSymbols(model)),
      );
    }
    let references = 0;
    const hand = async (path: string, list: Reference[]) => {
      references += list.length;
      await sink.references?.({ path, references: list });
    };
    // every other file keeps its references, handed a file at a time
    let run: Reference[] = [];
    for (const ref of base.references) {
      if (changed.has(ref.fromFile) || affected.has(ref.fromFile)) continue;
      if (run.length && run[0]!.fromFile !== ref.fromFile) {
        await hand(run[0]!.fromFile, run);
        run = [];
      }
      run.push(ref);
    }
    if (run.length) await hand(run[0]!.fromFile, run);
    toResolve.sort(byPath);
    for (const model of toResolve) await hand(model.path, resolveFileReferences(model, scope));
    let objectDelta = 0;
    for (const path of changed)
      objectDelta +=
        (after.get(path)?.objects.length ?? 0) - (before.get(path)?.objects.length ?? 0);
    return {
      changed: [...changed],
      parsed,
      reresolved: toResolve.map((model) => model.path),
      objectDelta,
      references,
    };
  });
}

/** A changed path of a commit: new content, or null when the file was deleted. */
export interface ChangedFile {
  path: string;
  content: Uint8Array | string | null;
}

/** What an in-memory update did, for logs and for the "touches one file" budget. */
export interface UpdateResult {
  index: RepositoryIndex;
  reparsed: string[];
  /** Files whose references were recomputed (the changed ones and those that refer to them). */
  reresolved: string[];
}

/**
 * Incremental re-index of an index held in memory after a commit: streamIndexUpdate over a store
 * holding the previous models, with the changed files as the only ones to read. Equal to indexing
 * the new files from scratch.
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
  const store = new MemoryModelStore();
  const baseFiles = previous.files.map((file) => {
    const entry = { path: file.path, key: file.contentHash, language: file.language };
    store.put(entry, file);
    return entry;
  });
  const content = new Map(changedFiles.map((file) => [file.path, file.content]));
  // a changed file has no key, so it is read and parsed again
  const listing: SourceEntry[] = [
    ...baseFiles.filter((file) => !content.has(file.path)),
    ...changedFiles.filter((file) => file.content !== null).map((file) => ({ path: file.path })),
  ];
  const models = new Map(previous.files.map((file) => [file.path, file]));
  for (const path of content.keys()) models.delete(path);
  const referencesOf = new Map<string, Reference[]>();
  const summary = await streamIndexUpdate(
    { files: baseFiles, references: previous.references },
    {
      list: () => listing,
      *read(files) {
        for (const { path } of files) yield { path, content: content.get(path) ?? '' };
      },
    },
    {
      file: (model) => void models.set(model.path, model),
      references: ({ path, references }) => {
        const list = referencesOf.get(path);
        if (list) list.push(...references);
        else referencesOf.set(path, references);
      },
    },
    { ...options, store },
  );
  const files = [...models.values()].sort(byPath);
  return {
    index: {
      schemaVersion: ENGINE_SCHEMA_VERSION,
      files,
      references: files.flatMap((file) => referencesOf.get(file.path) ?? []),
    },
    reparsed: summary.parsed,
    reresolved: summary.reresolved,
  };
}
