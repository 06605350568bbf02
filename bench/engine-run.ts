// One measured indexing run, in its own process so its peak memory is its own:
//   tsx bench/engine-run.ts <file-list> <threads>
// Prints one JSON line: files, bytes, objects, references, ms, maxRssMb, and the one-file
// update's reparsed count.
import { readFileSync } from 'node:fs';
import { indexRepository, updateIndex } from '../packages/engine/src/index.ts';

const [listPath, threadsArg] = process.argv.slice(2);
const paths = readFileSync(listPath!, 'utf8').split('\n').filter(Boolean);
const files = paths.map((p) => ({ path: p, absolutePath: p }));
const started = performance.now();
const index = await indexRepository(files, { threads: Number(threadsArg ?? 2) });
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
