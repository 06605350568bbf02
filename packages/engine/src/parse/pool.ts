import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { FileIndex } from '../model.ts';
import type { ParseTask } from '../worker.ts';
import { POOL_THREAD, THREAD_LOADED } from './pool-thread.ts';
import { unpackFileIndex, type PackedFileIndex } from './transfer.ts';

/** How long stopping a pool waits for a thread still loading its module (then stops it anyway). */
const LOAD_WAIT_MS = 30_000;

/** Runs parse tasks on worker threads, one per core by default. */
export interface ParsePool {
  /** Parser threads: a caller keeps about 8 tasks per thread in flight to keep each one busy. */
  readonly threads: number;
  run(task: ParseTask): Promise<FileIndex>;
  /**
   * run's result as it arrives from the thread, not yet a model (unpackFileIndex makes it one),
   * for a caller that takes models one at a time: each is then built just before it is used.
   * (Results arrive in bursts; made into models at once, all of a burst waited its turn through
   * the main thread's young-generation collections, which copied them: about a tenth of what
   * those collections copy on bench:engine's JS/TS files.)
   */
  runPacked(task: ParseTask): Promise<PackedFileIndex>;
  destroy(): Promise<void>;
}

/**
 * Starts a piscina pool over worker.ts. Running from TypeScript sources (tests, tsx), the workers
 * load tsx so they can import .ts; the bundled CLI uses its dist/worker.mjs, and other bundles
 * (the server, the bench) pass their own worker file, which calls announceLoaded (parse/pool-thread.ts)
 * as worker.ts does: until it does, stopping the pool waits for it.
 */
export function createParsePool(
  options: { threads?: number; workerFile?: string } = {},
): ParsePool {
  // from TypeScript sources, worker.ts; bundled (bin/engine.mjs), dist/worker.mjs beside this
  const ownWorker = import.meta.url.endsWith('.ts') ? '../worker.ts' : './worker.mjs';
  const filename = options.workerFile ?? fileURLToPath(new URL(ownWorker, import.meta.url));
  const threads = options.threads ?? availableParallelism();
  // workers inherit the process's options (its loaders: tsx under tests) unless given their own;
  // given, they must not include V8 or process-wide flags (`--max-old-space-size`), which a
  // worker rejects, so only a TypeScript worker under a plain node gets a list: the loaders it
  // needs
  const needsTsx =
    filename.endsWith('.ts') && !process.execArgv.some((argument) => argument.includes('tsx'));
  const pool = new Piscina({
    filename,
    minThreads: threads,
    maxThreads: threads,
    // a few tasks queued in each worker, so it starts the next file without waiting for a
    // round trip through the main thread (most files take a few milliseconds); tasks still
    // run one after the other there, so memory stays bounded by the largest files
    concurrentTasksPerWorker: 16,
    // no histograms of each task's run and wait time (a clock read in the thread and two
    // histogram records here per file; nothing reads them)
    recordTiming: false,
    // the threads announce when their module has loaded (parse/pool-thread.ts)
    workerData: { [POOL_THREAD]: true },
    ...(needsTsx && { execArgv: [...loaderOptions(process.execArgv), '--import', 'tsx'] }),
  });
  const runPacked = (task: ParseTask): Promise<PackedFileIndex> => pool.run(task);
  // threads whose worker module has loaded: stopping one before then can abort the process
  const loaded = new Set<number>();
  let announced: (() => void) | undefined;
  pool.on('message', (message: unknown) => {
    const id = (message as Record<string, unknown> | null)?.[THREAD_LOADED];
    if (typeof id !== 'number') return;
    loaded.add(id);
    announced?.();
  });
  const threadsLoaded = async () => {
    const deadline = Date.now() + LOAD_WAIT_MS;
    while (pool.threads.some((thread) => !loaded.has(thread.threadId)) && Date.now() < deadline) {
      // (a thread that failed to load leaves pool.threads, hence the poll)
      await new Promise<void>((resolve) => {
        announced = resolve;
        setTimeout(resolve, 20);
      });
    }
  };
  return {
    threads,
    run: async (task) => unpackFileIndex(await runPacked(task)),
    runPacked,
    destroy: async () => {
      await threadsLoaded();
      await pool.destroy();
    },
  };
}

/** Options that take the next argument as their value unless written `--option=value`. */
const LOADER_OPTIONS = new Set([
  '--import',
  '--require',
  '-r',
  '--loader',
  '--experimental-loader',
  '--conditions',
  '-C',
]);

/** The module loading options among `argv` (what a worker may be given), values included. */
export function loaderOptions(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const option = argv[i]!;
    const name = option.split('=')[0]!;
    if (LOADER_OPTIONS.has(name)) {
      out.push(option);
      if (!option.includes('=') && i + 1 < argv.length) out.push(argv[++i]!);
    }
  }
  return out;
}
