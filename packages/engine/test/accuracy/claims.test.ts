import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test } from 'vitest';
import type { GeneratedDoc } from '../../src/generate/docs.ts';
import { generateDoc } from '../../src/generate/docs.ts';
import { readFileFacts } from '../../src/generate/facts.ts';
import { docFields } from '../../src/generate/fields.ts';
import { type Refuted, verifyFile } from '../../src/generate/verify.ts';
import { indexRepository } from '../../src/index-repository.ts';
import type { CodeObject } from '../../src/model.ts';
import { haveToolchain } from './judged.ts';

/*
 * Every generated sentence checked by the verifier (src/generate/verify.ts) over the corpora the
 * accuracy suites use: the author's text hidden, docs generated from the code alone, each claim
 * derived again from the tree. Printed per corpus: objects, fields written, the share of them
 * stating a fact beyond the signature, claims, refuted claims (must be 0) and empty fields.
 * `npm test` runs a deterministic sample of each corpus; ACCURACY_WHOLE=1 runs them whole.
 */
const WHOLE = process.env.ACCURACY_WHOLE === '1';
/** Files of a corpus in the sample, spread evenly over its sorted list. */
const SAMPLE_FILES = 24;
/** Files indexed together in a whole run (so calls between them resolve, memory stays bounded). */
const CHUNK = 150;

const modules = join(import.meta.dirname, '../../../../node_modules');

interface Corpus {
  name: string;
  root: string;
  /** Every file of the corpus, sorted; each read by `read`. */
  files: string[];
  read?: (path: string) => string;
  /** A whole-corpus file too large for the sample: a window of it stands in. */
  window?: (source: string) => string;
}

function walk(dir: string, keep: (name: string) => boolean): string[] {
  const out: string[] = [];
  const visit = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      const st = statSync(p, { throwIfNoEntry: false });
      if (!st) continue;
      if (st.isDirectory()) {
        if (!/^(__pycache__|tests?|__tests__|testdata|node_modules|site-packages)$/.test(name))
          visit(p);
      } else if (keep(name) && st.size < 400_000) out.push(p);
    }
  };
  if (existsSync(dir)) visit(dir);
  return out;
}

function spreadOf<T>(items: T[], count: number): T[] {
  if (WHOLE || items.length <= count) return items;
  const step = items.length / count;
  return Array.from({ length: count }, (_, i) => items[Math.floor(i * step)]!);
}

/** A skip with a printed reason, or an error under CI, where every corpus must be there. */
function missing(corpus: string, reason: string): undefined {
  if (process.env.CI) throw new Error(`claims on ${corpus}: ${reason}`);
  console.warn(`claims on ${corpus} skipped: ${reason}`);
  return undefined;
}

function python(): Corpus | undefined {
  const root = ['/usr/lib/python3.11', '/usr/lib/python3.12', '/usr/lib/python3.13'].find((d) =>
    existsSync(join(d, 'os.py')),
  );
  if (!root) return missing('Python', 'no python3 standard library in /usr/lib');
  return { name: "Python's standard library", root, files: walk(root, (n) => n.endsWith('.py')) };
}

function javascript(): Corpus {
  const ts = ['@reduxjs/toolkit/src', '@tanstack/query-core/src', 'redux/src', 'immer/src'];
  const js = ['commander/lib', 'debug/src', 'koa/lib', 'minimist', 'pino/lib', 'semver', 'ws/lib'];
  const files = [...ts, ...js].flatMap((p) =>
    walk(
      join(modules, p),
      (n) => /\.(?:ts|js)$/.test(n) && !n.endsWith('.d.ts') && !/\.(test|spec)\./.test(n),
    ),
  );
  return { name: 'JS/TS in node_modules', root: modules, files };
}

function go(): Corpus | undefined {
  if (!haveToolchain('Go claims', 'go', ['version'])) return undefined;
  const root = join(execFileSync('go', ['env', 'GOROOT']).toString().trim(), 'src');
  const files = walk(root, (n) => n.endsWith('.go') && !n.endsWith('_test.go'));
  return { name: "Go's standard library", root, files };
}

function java(): Corpus | undefined {
  if (!haveToolchain('Java claims', 'java', ['-version'])) return undefined;
  if (!haveToolchain('Java claims', 'unzip', ['-v'])) return undefined;
  // the launcher prints its settings on stderr
  const settings = spawnSync('java', ['-XshowSettings:properties', '-version']).stderr?.toString();
  const home = settings && /java\.home = (.*)/.exec(settings)?.[1]?.trim();
  const zip = home && join(home, 'lib/src.zip');
  if (!zip || !existsSync(zip))
    return missing('Java', 'the JDK has no lib/src.zip (openjdk-*-source)');
  const entries = execFileSync('unzip', ['-Z1', zip], { maxBuffer: 1 << 28 })
    .toString()
    .split('\n')
    .filter((e) => e.endsWith('.java') && !/\/(?:test|demo)\//.test(e))
    .sort();
  return {
    name: 'the JDK sources',
    root: zip,
    files: entries,
    read: (entry) => execFileSync('unzip', ['-p', zip, entry], { maxBuffer: 1 << 26 }).toString(),
  };
}

function ruby(): Corpus | undefined {
  if (!haveToolchain('Ruby claims', 'ruby', ['-e', ''])) return undefined;
  const root = execFileSync('ruby', ['-e', 'print RbConfig::CONFIG["rubylibdir"]']).toString();
  return { name: "Ruby's standard library", root, files: walk(root, (n) => n.endsWith('.rb')) };
}

function php(): Corpus | undefined {
  const root = '/usr/share/php/PhpParser';
  if (!existsSync(root)) return missing('PHP-Parser', `no PHP-Parser at ${root}`);
  return { name: 'PHP-Parser', root, files: walk(root, (n) => n.endsWith('.php')) };
}

function sqlite(): Corpus | undefined {
  const root = join(modules, 'better-sqlite3/deps/sqlite3');
  if (!existsSync(join(root, 'sqlite3.c'))) return missing('SQLite', `no amalgamation in ${root}`);
  return {
    name: 'SQLite',
    root,
    files: [join(root, 'sqlite3.c')],
    // the sample: a window of whole top-level definitions from the middle of the amalgamation
    window: (source) => {
      const lines = source.split('\n');
      const from = lines.findIndex((l, i) => i > lines.length / 2 && /^}\s*$/.test(l));
      let to = from + 4000;
      while (to < lines.length && !/^}\s*$/.test(lines[to]!)) to++;
      return lines.slice(from + 1, to + 1).join('\n');
    },
  };
}

function nodeHeaders(): Corpus | undefined {
  const root = '/usr/include/node';
  if (!existsSync(join(root, 'v8.h'))) return missing("Node's headers", `no V8 headers at ${root}`);
  const files = walk(root, (n) => n.endsWith('.h')).filter((p) => !/\/(?:openssl|uv)\//.test(p));
  return { name: "Node's headers", root, files };
}

interface Counts {
  files: number;
  objects: number;
  fields: number;
  /** Fields stating at least one fact beyond the signature (any claim but a default). */
  withFact: number;
  claims: number;
  /** Claims in a language the verifier has no grammar vocabulary for. */
  unchecked: number;
  empty: number;
  refuted: string[];
}

async function tallyChunk(corpus: Corpus, paths: string[], counts: Counts): Promise<void> {
  const sources = new Map<string, string>();
  for (const p of paths) {
    let text = corpus.read ? corpus.read(p) : readFileSync(p, 'utf8');
    if (corpus.window && !WHOLE) text = corpus.window(text);
    sources.set(corpus.read ? p : relative(corpus.root, p), text);
  }
  const index = await indexRepository([...sources].map(([path, content]) => ({ path, content })));
  const sourceOf = (p: string) => sources.get(p);
  for (const file of index.files) {
    const source = sources.get(file.path)!;
    const facts = await readFileFacts(file, source);
    const docs = new Map<string, GeneratedDoc>();
    counts.files++;
    for (const object of file.objects) {
      // the author's text hidden: every field is generated
      const hidden: CodeObject = { ...object };
      delete hidden.doc;
      const doc = generateDoc(hidden, index.references, {
        facts: facts.get(object.id),
        sourceOf,
        language: file.language ?? '',
        siblings: file.objects,
      });
      docs.set(object.id, doc);
      counts.objects++;
      const fields = docFields(hidden, doc, { filePath: file.path, language: '' });
      for (const [id, value] of fields) {
        if (id === 'notes') continue;
        if (!value) {
          counts.empty++;
          continue;
        }
        counts.fields++;
        if (doc.claims?.some((c) => c.field === id && c.kind !== 'default')) counts.withFact++;
      }
    }
    const { claims, unchecked, refuted } = await verifyFile(file, source, docs, sourceOf);
    counts.claims += claims;
    counts.unchecked += unchecked;
    for (const r of refuted) counts.refuted.push(describe(file.path, file.objects, r));
  }
}

function describe(path: string, objects: readonly CodeObject[], r: Refuted): string {
  const object = objects.find((o) => o.id === r.objectId);
  const { field, kind, ...rest } = r.claim;
  return `${path}:${object?.range.startLine} ${object?.qualifiedName} ${field} ${kind} ${JSON.stringify(rest).slice(0, 160)}: ${r.reason}`;
}

const percent = (part: number, whole: number) =>
  whole ? `${((100 * part) / whole).toFixed(1)}%` : '–';

async function run(corpus: Corpus | undefined): Promise<void> {
  if (!corpus) return;
  const files = spreadOf(corpus.files, SAMPLE_FILES);
  expect(files.length, `files of ${corpus.name}`).toBeGreaterThan(0);
  const counts: Counts = {
    files: 0,
    objects: 0,
    fields: 0,
    withFact: 0,
    claims: 0,
    unchecked: 0,
    empty: 0,
    refuted: [],
  };
  for (let i = 0; i < files.length; i += CHUNK)
    await tallyChunk(corpus, files.slice(i, i + CHUNK), counts);
  console.log(
    [
      `Claims on ${corpus.name} (${WHOLE ? 'whole' : 'sample'}: ${counts.files} of ${corpus.files.length} files)`,
      `  objects                 ${counts.objects}`,
      `  fields written          ${counts.fields}`,
      `  with a fact beyond the signature ${percent(counts.withFact, counts.fields)}`,
      `  claims checked          ${counts.claims}`,
      `  refuted claims          ${counts.refuted.length}`,
      ...(counts.unchecked ? [`  unchecked claims        ${counts.unchecked}`] : []),
      `  empty fields            ${counts.empty}`,
      ...counts.refuted.slice(0, 40),
    ].join('\n'),
  );
  expect(counts.refuted).toEqual([]);
}

const TIMEOUT = WHOLE ? 4 * 60 * 60_000 : 120_000;

test("claims on Python's standard library: none refuted", () => run(python()), TIMEOUT);
test('claims on JS/TS in node_modules: none refuted', () => run(javascript()), TIMEOUT);
test("claims on Go's standard library: none refuted", () => run(go()), TIMEOUT);
test('claims on the JDK sources: none refuted', () => run(java()), TIMEOUT);
test("claims on Ruby's standard library: none refuted", () => run(ruby()), TIMEOUT);
test('claims on PHP-Parser: none refuted', () => run(php()), TIMEOUT);
test('claims on SQLite: none refuted', () => run(sqlite()), TIMEOUT);
test("claims on Node's headers: none refuted", () => run(nodeHeaders()), TIMEOUT);
