import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'vitest';
import { indexFile } from '../../src/index-file.ts';
import { commentText } from '../ground-truth/clang-ast.ts';
import { cppTruth } from '../ground-truth/cpp-defs.ts';
import { haveToolchain, JudgedTally } from './judged.ts';

// Ground truth: clang's AST (`-ast-dump=json`) over the C++ headers Node.js ships for addons
// (V8's API, cppgc, libplatform and Node's own), compiled together as one translation unit.
const include = '/usr/include/node';

/** The C++ headers of Node's include folder (uv.h, openssl and the N-API headers are C). */
function headers(): string[] {
  const at = (dir: string, pick: (name: string) => boolean) =>
    readdirSync(join(include, dir))
      .filter((name) => name.endsWith('.h') && pick(name))
      .sort()
      .map((name) => join(include, dir, name));
  return [
    ...at('.', (name) => name.startsWith('v8') || /^node(_buffer|_object_wrap)?\.h$/.test(name)),
    ...at('cppgc', () => true),
    ...at('libplatform', () => true),
  ];
}

const available = haveToolchain('C++', 'clang++', ['--version']);
if (available && !existsSync(join(include, 'v8.h')))
  throw new Error(`no V8 headers at ${include} (the nodejs package ships them)`);

test.skipIf(!available)('cpp: definitions, doc comments and parameters match clang', async () => {
  const files = headers();
  const truth = await cppTruth(files, [`-I${include}`]);
  const tally = new JudgedTally({
    // code in a false `#if` is invisible to the compiler, so it has no truth to match
    unseen: (o, index) => !truth.activeLines.get(index.path)?.has(o.range.startLine),
  });
  let lines = 0;
  for (const path of files) {
    const index = await indexFile({ path, content: readFileSync(path) });
    const defs = (truth.files.get(path) ?? []).map((d) => ({
      ...d,
      doc: d.doc === null ? null : commentText(d.doc),
    }));
    lines += truth.activeLines.get(path)?.size ?? 0;
    tally.add(index, { path, ok: true, defs });
  }
  tally.report(`C++ accuracy vs clang (Node's V8 and cppgc headers, ${lines} active lines)`);
});
