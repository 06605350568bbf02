// One measured indexing run, in its own process so its peak memory is its own:
//   tsx bench/engine-run.ts <file-list> <threads> [stream|in-memory|parse-only]
// Prints one JSON line.
// - stream (the measured run, as the server indexes): streamRepositoryIndex, each model and each
//   file's references handed to a sink that drops them, so the peak is the engine's own.
// - in-memory: indexRepository, the whole index held, then the one-file update (updateIndex).
// - parse-only: the pool's worker (ENGINE_WORKER) is bench's parse-only worker: the same files on
//   the same threads, only parsed (the floor of the ratio).
import { readFileSync } from 'node:fs';
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
const pool = createParsePool({
  threads: Number(threadsArg ?? 2),
  ...(workerFile && { workerFile }),
});
const maxRssMb = () => process.resourceUsage().maxRSS / 1024;

if (mode === 'parse-only') {
  // the parse-only worker answers {bytes} instead of a FileIndex
  const sizes = (await Promise.all(
    files.map((file) => pool.run({ ...file, options: {} })),
  )) as unknown as { bytes: number }[];
  await pool.destroy();
  const ms = performance.now() - started;
  const bytes = sizes.reduce((n, s) => n + s.bytes, 0);
  console.log(JSON.stringify({ files: files.length, bytes, ms, maxRssMb: maxRssMb() }));
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
  await pool.destroy();
  const ms = performance.now() - started;
  console.log(JSON.stringify({ ...summary, bytes, ms, maxRssMb: maxRssMb() }));
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
