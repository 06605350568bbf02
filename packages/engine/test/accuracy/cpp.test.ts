import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'vitest';
import { indexFile } from '../../src/index-file.ts';
import { commentText } from '../ground-truth/clang-ast.ts';
import { cppTruth, type CppTruth } from '../ground-truth/cpp-defs.ts';
import { haveToolchain, JudgedTally } from './judged.ts';
import { accuracySample, alwaysWhole } from './sample.ts';

// Ground truth: clang's AST (`-ast-dump=json`) over C++ nobody here wrote, which packages on
// these machines ship: the headers Node.js installs for addons (V8's API, cppgc, libplatform and
// Node's own), and the sources of better-sqlite3's addon.
const include = '/usr/include/node';
const addon = join(import.meta.dirname, '../../../../node_modules/better-sqlite3');

const available = haveToolchain('C++', 'clang++', ['--version']);
if (available && !existsSync(join(include, 'v8.h')))
  throw new Error(`no V8 headers at ${include} (the nodejs package ships them)`);

/** The files of a folder with one of the extensions, sorted, as paths. */
const filesIn = (dir: string, extension: RegExp, pick: (name: string) => boolean = () => true) =>
  readdirSync(dir)
    .filter((name) => extension.test(name) && pick(name))
    .sort()
    .map((name) => join(dir, name));

/** Headers `npm test` judges, spread over the list (ACCURACY_WHOLE=1: all of them). */
const HEADERS_SAMPLE = 30;

const allHeaders = () => {
  // (uv.h, openssl and the N-API headers are C)
  const cpp = (name: string) =>
    name.startsWith('v8') || /^node(_buffer|_object_wrap)?\.h$/.test(name);
  return [
    ...filesIn(include, /\.h$/, cpp),
    ...filesIn(join(include, 'cppgc'), /\.h$/),
    ...filesIn(join(include, 'libplatform'), /\.h$/),
  ];
};
let sampledHeaders: string[] | undefined;
const headers = () =>
  (sampledHeaders ??= accuracySample('C++ headers', allHeaders(), HEADERS_SAMPLE));
const addonSources = () =>
  ['', 'util', 'objects'].flatMap((dir) => filesIn(join(addon, 'src', dir), /\.(cpp|hpp)$/));

/**
 * One clang pass for both suites: better-sqlite3's own translation unit (better_sqlite3.cpp
 * includes its sources in its order, and Node's headers), then every header (guarded, so only
 * those it did not include are read again).
 */
let judged: Promise<CppTruth> | undefined;
const truthOnce = () =>
  (judged ??= cppTruth(
    [...headers(), ...addonSources()],
    [`-I${join(addon, 'deps/sqlite3')}`, `-I${include}`],
    [join(addon, 'src/better_sqlite3.cpp'), ...headers()],
  ));

/** Scores the engine's index of each file against clang's reading of them, and reports. */
async function judge(title: string, files: string[]): Promise<void> {
  const truth = await truthOnce();
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
    lines += index.lines;
    tally.add(index, { path, ok: true, defs });
  }
  tally.report(`C++ accuracy vs clang (${title}, ${files.length} files, ${lines} lines)`);
}

test.skipIf(!available)('cpp: Node and V8 headers match clang', async () => {
  await judge("Node's V8, cppgc and Node headers", headers());
});

test.skipIf(!available)('cpp: better-sqlite3 addon sources match clang', async () => {
  alwaysWhole('C++ addon sources', 'one translation unit');
  await judge("better-sqlite3's addon", addonSources());
});
