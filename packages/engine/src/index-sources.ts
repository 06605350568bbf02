import type { FileIndex, SourceFile } from './model.ts';

/** A file given lazily: read when its turn comes, so memory follows the largest file. */
export interface LazySourceFile {
  path: string;
  /** Absolute path on disk; read inside the worker when threads are used. */
  absolutePath: string;
}

/** A file's contents as a source hands them over: bytes in hand, or a file a parser reads. */
export type SourceContent = SourceFile | LazySourceFile;

/** One listed file of a source. */
export interface SourceEntry {
  path: string;
  /**
   * What identifies the file's content (a git blob id, a content hash): a stored model is reused
   * only for the same path and key, and an update re-parses a path whose key changed. A file
   * without a key always counts as changed.
   */
  key?: string;
  /**
   * The file's language when the listing knows it (an update asks it of files it does not read);
   * detected from the path otherwise.
   */
  language?: string | null;
}

/**
 * Where a run reads the files of one version of a repository (a commit in git, a directory on
 * disk, files in memory): the engine lists them once, then asks for contents a batch at a time,
 * in the order it wants to parse them.
 */
export interface FileSource {
  /** Every file to index; the engine parses in this order, except where an import comes first. */
  list(): Promise<readonly SourceEntry[]> | readonly SourceEntry[];
  /** The contents of these files, in any order; a file left out is treated as never arrived. */
  read(files: readonly SourceEntry[]): AsyncIterable<SourceContent> | Iterable<SourceContent>;
  /**
   * Files to ask for at once (default 64): larger suits a source that pays per read (a git
   * process), smaller lets a file some waiting file imports be read sooner.
   */
  readonly batchSize?: number;
}

/** A model the engine just parsed, with the entry it was parsed from (for its key). */
export interface ParsedModel {
  file: SourceEntry;
  model: FileIndex;
}

/**
 * Where per-file models are kept between runs (a database, memory). The engine reads a model
 * back instead of parsing a file whose path and key it has, and hands it every model it parses.
 */
export interface ModelStore {
  /** The stored models of these files (same path and key), in any order; others left out. */
  load(files: readonly SourceEntry[]): AsyncIterable<FileIndex> | Iterable<FileIndex>;
  /** Keeps models just parsed (handed over in batches, as they are made). */
  save(models: readonly ParsedModel[]): Promise<void> | void;
}

/** A source over files already listed (with contents in hand or on disk): keys are absent. */
export function arraySource(files: readonly SourceContent[]): FileSource {
  const byPath = new Map(files.map((file) => [file.path, file]));
  return {
    // nothing to gain from batching reads here: one at a time, so a file some waiting file
    // imports goes next
    batchSize: 1,
    list: () => files.map((file) => ({ path: file.path })),
    *read(entries) {
      for (const entry of entries) {
        const file = byPath.get(entry.path);
        if (file) yield file;
      }
    },
  };
}

/** A model store in memory, by path and key (what an in-memory update builds on). */
export class MemoryModelStore implements ModelStore {
  private readonly models = new Map<string, FileIndex>();

  private static keyOf(file: SourceEntry): string {
    return `${file.path}\0${file.key ?? ''}`;
  }

  /** Puts a model under a path and key, as if it had been parsed from that file. */
  put(file: SourceEntry, model: FileIndex): void {
    this.models.set(MemoryModelStore.keyOf(file), model);
  }

  /** The model stored for a file, if any. */
  get(file: SourceEntry): FileIndex | undefined {
    return this.models.get(MemoryModelStore.keyOf(file));
  }

  *load(files: readonly SourceEntry[]): Iterable<FileIndex> {
    for (const file of files) {
      // a file without a key may have any content: it is always parsed
      const model = file.key === undefined ? undefined : this.get(file);
      if (model) yield model;
    }
  }

  save(models: readonly ParsedModel[]): void {
    for (const { file, model } of models) this.put(file, model);
  }
}
