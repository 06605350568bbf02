import { readFile } from 'node:fs/promises';
import { indexFile, type IndexOptions } from '../index-file.ts';
import type {
  FileSource,
  ModelStore,
  ParsedModel,
  SourceContent,
  SourceEntry,
} from '../index-sources.ts';
import type { FileIndex } from '../model.ts';
import type { ParsePool } from './pool.ts';
import { type PackedFileIndex, unpackFileIndex } from './transfer.ts';

/** Whether a model was just parsed or read back from the model store. */
export type ModelOrigin = 'parsed' | 'stored';

/** How a feed gets its models. */
export interface FeedOptions {
  source: FileSource;
  /** Models read back instead of parsing, and where parsed ones are saved. */
  store?: ModelStore;
  /** Parse on these threads; in-thread when absent. */
  pool?: ParsePool;
  indexOptions: IndexOptions;
  signal?: AbortSignal;
}

/** Parse tasks handed to a pool at once per thread: enough to keep every thread's queue full. */
const TASKS_PER_THREAD = 16;
/** Files asked of the source (and of the store) at once, unless the source says otherwise. */
const READ_BATCH = 64;
/** Parsed models handed to the store at once. */
const SAVE_BATCH = 50;

function parseTask(file: SourceContent, options: IndexOptions) {
  return 'absolutePath' in file
    ? { path: file.path, absolutePath: file.absolutePath, options }
    : { path: file.path, content: file.content, options };
}

async function parseInThread(file: SourceContent, options: IndexOptions): Promise<FileIndex> {
  const content = 'absolutePath' in file ? await readFile(file.absolutePath) : file.content;
  return indexFile({ path: file.path, content }, options);
}

/**
 * Hands `take` a model of every file `next` gives, one at a time in the order they are ready:
 * read back from the store where it has one, otherwise read from the source and parsed (on the
 * pool's threads when there is one, a window of files in flight) and saved to the store. `next`
 * is asked again only when there is room, so it may change its mind about what comes next as
 * models arrive. Memory holds a batch of contents and the window of models in flight. On a
 * failure (of `take`, the store, the source or a parse) the run waits for the parses still on a
 * thread, then throws. Answers the paths it parsed.
 */
export async function feedModels(
  next: () => SourceEntry | undefined,
  take: (model: FileIndex, origin: ModelOrigin) => Promise<void>,
  { source, store, pool, indexOptions, signal }: FeedOptions,
): Promise<string[]> {
  const parsed: string[] = [];
  const entryOf = new Map<string, SourceEntry>();
  let unsaved: ParsedModel[] = [];
  const flush = async () => {
    const batch = unsaved;
    unsaved = [];
    if (store && batch.length) await store.save(batch);
  };
  let failure: { error: unknown } | undefined;
  const fail = (error: unknown) => void (failure ??= { error });
  // models are taken one at a time, in the order they arrive
  let taking = Promise.resolve();
  // a parse's result is made a model here, in its turn (see ParsePool.runPacked)
  const deliver = (result: FileIndex | PackedFileIndex, origin: ModelOrigin): Promise<void> => {
    taking = taking
      .then(async () => {
        if (failure) return;
        const model = unpackFileIndex(result);
        if (origin === 'parsed') {
          parsed.push(model.path);
          const file = entryOf.get(model.path) ?? { path: model.path };
          entryOf.delete(model.path);
          if (store) unsaved.push({ file, model });
        }
        await take(model, origin);
        if (unsaved.length >= SAVE_BATCH) await flush();
      })
      .catch(fail);
    return taking;
  };
  const window = pool ? Math.max(16, pool.threads * TASKS_PER_THREAD) : 1;
  const readBatch = Math.max(1, source.batchSize ?? READ_BATCH);
  // parses still on a thread: a failed run waits for them before the pool may be destroyed
  // (piscina throws, uncaught, when a result arrives for a task its destroy dropped)
  const inFlight = new Set<Promise<void>>();
  // woken when a parse in flight is done (a Promise.race over every one in flight, each time the
  // window was full, added a reaction to each: megabytes of promises living as long as the parses)
  let wake: (() => void) | undefined;
  const done = () => {
    const waiting = wake;
    wake = undefined;
    waiting?.();
  };
  try {
    while (!failure) {
      signal?.throwIfAborted();
      const batch: SourceEntry[] = [];
      for (let entry = next(); entry; entry = batch.length < readBatch ? next() : undefined)
        batch.push(entry);
      if (batch.length === 0) break;
      const found = new Set<string>();
      if (store) {
        for await (const model of store.load(batch)) {
          found.add(model.path);
          await deliver(model, 'stored');
        }
      }
      for (const entry of batch) if (!found.has(entry.path)) entryOf.set(entry.path, entry);
      const rest = found.size ? batch.filter((entry) => !found.has(entry.path)) : batch;
      if (rest.length === 0) continue;
      for await (const file of source.read(rest)) {
        if (failure) break;
        signal?.throwIfAborted();
        if (!pool) {
          await deliver(await parseInThread(file, indexOptions), 'parsed');
          continue;
        }
        const task = pool.runPacked(parseTask(file, indexOptions)).then(
          (packed) => deliver(packed, 'parsed'),
          (error: unknown) => fail(error),
        );
        const tracked = task.finally(() => {
          inFlight.delete(tracked);
          done();
        });
        inFlight.add(tracked);
        if (inFlight.size >= window) await new Promise<void>((resolve) => (wake = resolve));
      }
    }
  } finally {
    await Promise.allSettled(inFlight);
  }
  await taking;
  if (failure) throw failure.error;
  await flush();
  return parsed;
}
