// The floor of bench:engine: what any tree-sitter indexer pays before it extracts anything. Each
// file is read, decoded and parsed exactly as the engine's worker does (same grammars, same
// pool, same threads), then its tree is freed; nothing is walked and nothing is sent back.
// With BENCH_WALK=1 each tree is also walked once, whole, inside WebAssembly (a descendantsOfType
// search that returns nothing: every node visited, none handed to JavaScript), the least any
// extractor over web-tree-sitter pays on top of parsing.
import { readFileSync } from 'node:fs';
import { detectLanguage, looksBinary } from '../packages/engine/src/languages/detect.ts';
import { decodeSource } from '../packages/engine/src/parse/decode.ts';
import { parserFor } from '../packages/engine/src/parse/grammars.ts';

const walk = process.env.BENCH_WALK === '1';
const NO_SUCH_TYPE = 'bench_no_such_type';

export default async function parseOnly(task: { path: string; absolutePath: string }) {
  const bytes = readFileSync(task.absolutePath);
  if (looksBinary(bytes)) return { bytes: 0 };
  const firstLine = new TextDecoder().decode(bytes.subarray(0, 200)).split('\n')[0];
  const spec = detectLanguage(task.path, firstLine);
  const parser = spec && (await parserFor(spec.id));
  if (!parser) return { bytes: 0 };
  const tree = parser.parse(decodeSource(bytes).text);
  if (tree && walk) tree.rootNode.descendantsOfType(NO_SUCH_TYPE);
  tree?.delete();
  return { bytes: bytes.length };
}
