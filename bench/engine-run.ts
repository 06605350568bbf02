// One measured indexing run, in its own process so its peak memory is its own:
//   tsx bench/engine-run.ts <file-list> <threads> [parse-only]
// Prints one JSON line: files, bytes, objects, references, ms, and the one-file update's
// reparsed count. With `parse-only` the pool's worker (ENGINE_WORKER) is bench's parse-only
// worker: the same files on the same threads, only parsed (the floor of the ratio).
import { readFileSync } from 'node:fs';
import { createParsePool, indexRepository, updateIndex } from '../packages/engine/src/index.ts';

const [listPath, threadsArg, mode] = process.argv.slice(2);
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

if (mode === 'parse-only') {
  // the parse-only worker answers {bytes} instead of a FileIndex
  const sizes = (await Promise.all(
    files.map((file) => pool.run({ ...file, options: {} })),
  )) as unknown as { bytes: number }[];
  await pool.destroy();
  const ms = performance.now() - started;
  const bytes = sizes.reduce((n, s) => n + s.bytes, 0);
  console.log(JSON.stringify({ files: files.length, bytes, ms }));
} else {
  const index = await indexRepository(files, { pool });
  await pool.destroy();
  const ms = performance.now() - started;
  const changed = index.files.find((f) => f.objects.length > 0) ?? index.files[0]!;
  const updateStarted = performance.now();
  const update = await updateIndex(index, [
    { path: changed.path, content: `${readFileSync(changed.path, 'utf8')}\n// touched\n` },
  ]);
  const updateMs = performance.now() - updateStarted;
  console.log(
    JSON.stringify({
      files: index.files.length,
      bytes: index.files.reduce((n, f) => n + f.bytes, 0),
      objects: index.files.reduce((n, f) => n + f.objects.length, 0),
      references: index.references.length,
      ms,
      maxRssMb: process.resourceUsage().maxRSS / 1024,
      updateReparsed: update.reparsed.length,
      updateReresolved: update.reresolved.length,
      updateMs,
    }),
  );
}
