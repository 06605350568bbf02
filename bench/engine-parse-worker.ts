// The floor of bench:engine: what any tree-sitter indexer pays before it extracts anything. Each
// file is read, decoded and parsed exactly as the engine's worker does (same grammars, same
// pool, same threads), then its tree is freed; nothing is walked and nothing is sent back.
// With BENCH_COPY=1 each tree is also copied into the flat tree the converters read (one call into
// WebAssembly, src/parse/flat-tree.ts): what the engine pays to read a tree before extracting
// anything from it.
import { readFileSync } from 'node:fs';
import { detectLanguage, looksBinary } from '../packages/engine/src/languages/detect.ts';
import { decodeSource } from '../packages/engine/src/parse/decode.ts';
import { flatten, TreeScratch } from '../packages/engine/src/parse/flat-tree.ts';
import { parserFor } from '../packages/engine/src/parse/grammars.ts';
import { announceLoaded } from '../packages/engine/src/parse/pool-thread.ts';

announceLoaded();

const copy = process.env.BENCH_COPY === '1';
// as indexFile does: every tree copied into one set of buffers on this thread
const scratch = new TreeScratch();

export default async function parseOnly(task: { path: string; absolutePath: string }) {
  const bytes = readFileSync(task.absolutePath);
  if (looksBinary(bytes)) return { bytes: 0 };
  const firstLine = new TextDecoder().decode(bytes.subarray(0, 200)).split('\n')[0];
  const spec = detectLanguage(task.path, firstLine);
  const parser = spec && (await parserFor(spec.id));
  if (!parser) return { bytes: 0 };
  const text = decodeSource(bytes).text;
  const tree = parser.parse(text);
  if (tree && copy) flatten(tree, text, scratch);
  tree?.delete();
  return { bytes: bytes.length };
}
