import { indexFile, type IndexOptions } from './index-file.ts';
import type { FileIndex } from './model.ts';

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
export default async function parseTask(task: ParseTask): Promise<FileIndex> {
  let content = task.content;
  if (content === undefined && task.absolutePath) {
    const { readFile } = await import('node:fs/promises');
    content = await readFile(task.absolutePath);
  }
  return indexFile({ path: task.path, content: content ?? '' }, task.options);
}
