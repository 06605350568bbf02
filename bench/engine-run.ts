// One measured indexing run, in its own process so its peak memory is its own:
//   tsx bench/engine-run.ts <file-list> <threads> [stream|in-memory|parse-only]
// Prints one JSON line.
// - stream (the measured run, as the server indexes): streamRepositoryIndex, each model and each
//   file's references handed to a sink that drops them, so the peak is the engine's own.
// - in-memory: indexRepository, the whole index held, then the one-file update (updateIndex).
// - parse-only: the pool's worker (ENGINE_WORKER) is bench's parse-only worker: the same files on
//   the same threads, only parsed (the floor of the ratio).
// - warm-stream, warm-parse-only: the same twice on one pool, the second pass measured: a pool
//   whose threads have compiled their code already, as the server's long-lived pool is after its
//   first repository. With the CPU time of that pass per group of threads (Linux /proc): the
//   parser threads, the main thread, and the rest (V8's own threads: compiling, collecting).
// - warm-pairs: both warm, in one process: the engine's pool (ENGINE_WORKER) and a parse-only
//   pool (PARSE_WORKER), each after a first pass, then ROUNDS rounds (default 7) of one pass of
//   each back to back, the order alternating; prints every round's two passes, split as above.
import { readdirSync, readFileSync } from 'node:fs';
import {
  createParsePool,
  indexRepository,
  streamRepositoryIndex,
  updateIndex,
} from '../packages/engine/src/index.ts';

const [listPath, threadsArg, mode = 'stream'] = process.argv.slice(2);
const paths = readFileSync(listPath!, 'utf8').split('\n').filter(Boolean);
const files = paths.map((p) => ({ path: p, absolutePath: p }));
const started = performance.now();
// bench/engine.ts runs this bundled, with the worker bundled beside it (ENGINE_WORKER), as the
// server runs in production; from sources the pool loads worker.ts through tsx
const workerFile = process.env.ENGINE_WORKER;
// threads that exist before the pool starts are the main thread and node's and V8's own
const processThreads = new Set(threadCpu().keys());
const pool = createParsePool({
  threads: Number(threadsArg ?? 2),
  ...(workerFile && { workerFile }),
});
const maxRssMb = () => process.resourceUsage().maxRSS / 1024;

/** CPU milliseconds so far of each thread of this process, by thread id. */
function threadCpu(): Map<string, number> {
  const out = new Map<string, number>();
  for (const tid of readdirSync('/proc/self/task')) {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime and stime, in clock ticks (100 per second on Linux)
      out.set(tid, (Number(fields[11]) + Number(fields[12])) * 10);
    } catch {
      // the thread ended meanwhile
    }
  }
  return out;
}

/**
 * CPU milliseconds of each group of threads since `before` (all of the process's life if empty);
 * with `workers`, only those threads count as parser threads (another pool's are left out).
 */
function cpuSplit(before: Map<string, number> = new Map(), workers?: Set<string>) {
  const cpu = { workers: 0, main: 0, other: 0 };
  for (const [tid, total] of threadCpu()) {
    const used = total - (before.get(tid) ?? 0);
    if (tid === String(process.pid)) cpu.main += used;
    else if (processThreads.has(tid)) cpu.other += used;
    else if (!workers || workers.has(tid)) cpu.workers += used;
  }
  return cpu;
}

if (mode === 'warm-pairs') {
  // the engine's pool (ENGINE_WORKER) and a parse-only pool (PARSE_WORKER) in one process, each
  // warmed by a first pass, then ROUNDS rounds of one pass of each, back to back, the order
  // alternating: a ratio from two passes seconds apart, on a machine whose speed drifts by a
  // fifth over minutes, is steadier than one from two processes run one after the other
  const rounds = Number(process.env.ROUNDS ?? 7);
  const enginePass = () => streamRepositoryIndex(files, { file: () => {} }, { pool });
  const known = new Set(processThreads);
  // each pool's threads: those that appeared during its first pass (the parse-only pool is made
  // only once the engine's has run, so no thread of one can start during the other's pass)
  const threadsOf = async (pass: () => Promise<unknown>) => {
    await pass();
    const own = new Set([...threadCpu().keys()].filter((tid) => !known.has(tid)));
    own.forEach((tid) => known.add(tid));
    return own;
  };
  const engineThreads = await threadsOf(enginePass);
  const parsePool = createParsePool({
    threads: Number(threadsArg ?? 2),
    workerFile: process.env.PARSE_WORKER!,
  });
  const parsePass = () => Promise.all(files.map((file) => parsePool.run({ ...file, options: {} })));
  const parseThreads = await threadsOf(parsePass);
  const measure = async (pass: () => Promise<unknown>, own: Set<string>) => {
    const before = threadCpu();
    const passStarted = performance.now();
    await pass();
    const ms = performance.now() - passStarted;
    return { ms, cpu: cpuSplit(before, own) };
  };
  const out = [];
  for (let round = 0; round < rounds; round++) {
    if (round % 2 === 0) {
      const parse = await measure(parsePass, parseThreads);
      out.push({ parse, engine: await measure(enginePass, engineThreads) });
    } else {
      const engine = await measure(enginePass, engineThreads);
      out.push({ parse: await measure(parsePass, parseThreads), engine });
    }
  }
  await Promise.all([pool.destroy(), parsePool.destroy()]);
  console.log(JSON.stringify({ rounds: out }));
} else if (mode.startsWith('warm-')) {
  const pass = () =>
    mode === 'warm-parse-only'
      ? Promise.all(files.map((file) => pool.run({ ...file, options: {} })))
      : streamRepositoryIndex(files, { file: () => {} }, { pool });
  await pass();
  const before = threadCpu();
  const passStarted = performance.now();
  await pass();
  const ms = performance.now() - passStarted;
  const cpu = cpuSplit(before);
  await pool.destroy();
  console.log(JSON.stringify({ ms, cpu }));
} else if (mode === 'parse-only') {
  // the parse-only worker answers {bytes} instead of a FileIndex
  const sizes = (await Promise.all(
    files.map((file) => pool.run({ ...file, options: {} })),
  )) as unknown as { bytes: number }[];
  // read before the pool ends: a thread's time leaves /proc with it
  const cpu = cpuSplit();
  await pool.destroy();
  const ms = performance.now() - started;
  const bytes = sizes.reduce((n, s) => n + s.bytes, 0);
  console.log(JSON.stringify({ files: files.length, bytes, ms, cpu, maxRssMb: maxRssMb() }));
} else if (mode === 'stream') {
  let bytes = 0;
  const summary = await streamRepositoryIndex(
    files,
    {
      file: (model) => {
        bytes += model.bytes;
      },
    },
    { pool },
  );
  const cpu = cpuSplit();
  await pool.destroy();
  const ms = performance.now() - started;
  console.log(JSON.stringify({ ...summary, bytes, ms, cpu, maxRssMb: maxRssMb() }));
} else {
  const index = await indexRepository(files, { pool });
  await pool.destroy();
  const ms = performance.now() - started;
  const heldMaxRssMb = maxRssMb();
  const changed = index.files.find((f) => f.objects.length > 0) ?? index.files[0]!;
  const updateStarted = performance.now();
  const update = await updateIndex(index, [
    { path: changed.path, content: `${readFileSync(changed.path, 'utf8')}\n// touched\n` },
  ]);
  const updateMs = performance.now() - updateStarted;
  console.log(
    JSON.stringify({
      files: index.files.length,
      references: index.references.length,
      ms,
      maxRssMb: heldMaxRssMb,
      updateReparsed: update.reparsed.length,
      updateReresolved: update.reresolved.length,
      updateMs,
    }),
  );
}
