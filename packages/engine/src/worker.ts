import { readFileSync } from 'node:fs';
import { indexFile, type IndexOptions } from './index-file.ts';
import { announceLoaded } from './parse/pool-thread.ts';
import { packFileIndex, type PackedFileIndex } from './parse/transfer.ts';

announceLoaded();

/** A parse task sent to a worker thread: a path to read, or bytes already in hand. */
export interface ParseTask {
  path: string;
  /** Absolute path to read inside the worker, so file bytes never pass through the main thread. */
  absolutePath?: string;
  content?: Uint8Array | string;
  options: IndexOptions;
}

/**
 * Piscina entry point: one file through detect → parse → convert in this thread. Grammars load
 * once per thread (see parse/grammars.ts), so a worker pays for each language once.
 */
export default function parseTask(task: ParseTask): Promise<PackedFileIndex> {
  return runParseTask(task);
}

/** parseTask with another converter table (bench:engine's run without extraction). */
export async function runParseTask(
  task: ParseTask,
  converters?: Parameters<typeof indexFile>[2],
): Promise<PackedFileIndex> {
  // a synchronous read: this thread has nothing else to do meanwhile, and a per-task dynamic
  // import would go through the module loader (tsx hooks) on every file
  const content = task.content ?? (task.absolutePath ? readFileSync(task.absolutePath) : undefined);
  // packed: the sites travel as one array and a string table (see parse/transfer.ts)
  const file = { path: task.path, content: content ?? '' };
  return packFileIndex(await indexFile(file, task.options, converters));
}
