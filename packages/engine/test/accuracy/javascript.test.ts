import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { indexFile } from '../../src/index-file.ts';
import { bindJavaScript, javascriptTruth } from '../ground-truth/javascript-defs.ts';
import { accuracySample } from './sample.ts';
import { formatScores, ratio, type Score } from './score.ts';

// Ground truth: the TypeScript compiler's JS binder (it knows CommonJS exports, expando and
// prototype assignments) over the CommonJS sources of packages in node_modules.
const GOAL = 0.99;
/** Files `npm test` judges, spread over the corpus (ACCURACY_WHOLE=1: all of them). */
const SAMPLE = 500;
const root = join(import.meta.dirname, '../../../../node_modules');

/** `<package>/lib/**.js` files that use CommonJS, not bundled or minified. */
function commonJsSources(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      const st = statSync(path, { throwIfNoEntry: false });
      if (!st) continue;
      if (st.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(name)) walk(path);
      } else if (name.endsWith('.js') && !name.endsWith('.min.js') && st.size < 200_000) {
        const text = readFileSync(path, 'utf8');
        if (text.length / text.split('\n').length > 200) continue; // minified or generated
        if (!/\bmodule\.exports\b|\bexports\.\w+\s*=/.test(text)) continue;
        if (/^\s*(import|export)\s/m.test(text)) continue; // an ES module
        out.push(path);
      }
    }
  };
  const packages = readdirSync(root)
    .sort()
    .flatMap((name) =>
      name.startsWith('@')
        ? readdirSync(join(root, name)).map((sub) => join(root, name, sub))
        : [join(root, name)],
    )
    .filter(
      (dir) => !dir.endsWith('.json') && !/\/(typescript|playwright[^/]*|@codedocs)$/.test(dir),
    );
  for (const dir of packages) {
    const lib = join(dir, 'lib');
    let isDir = false;
    try {
      isDir = statSync(lib).isDirectory();
    } catch {
      // not a package folder, or a package without lib/
    }
    if (isDir) walk(lib);
  }
  return out;
}

const SKIPPED_FOLDERS = new Set(['node_modules', 'esm', 'dist', 'umd', 'browser', 'types']);

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();

test('javascript: CommonJS definitions, doc comments and parameters match the TypeScript JS binder', async () => {
  const files = accuracySample('JavaScript definitions', commonJsSources(), SAMPLE);
  const recall: Score = { label: 'definitions recall', hits: 0, total: 0 };
  const precision: Score = { label: 'definitions precision', hits: 0, total: 0 };
  const docs: Score = { label: 'doc comment attachment', hits: 0, total: 0 };
  const params: Score = { label: 'parameters exact', hits: 0, total: 0 };
  const misses: string[] = [];
  for (let at = 0; at < files.length; at += 200) {
    for (const file of bindJavaScript(files.slice(at, at + 200))) {
      const path = file.fileName;
      const truth = javascriptTruth(file);
      const index = await indexFile({ path, content: file.text });
      const ours = new Map(
        index.objects.map((o) => [`${o.qualifiedName}#${o.kind}#${o.overloadIndex}`, o]),
      );
      const truthKeys = new Set(truth.map((t) => t.key));
      precision.total += ours.size;
      for (const key of ours.keys()) {
        if (truthKeys.has(key)) precision.hits++;
        else if (misses.length < 300) misses.push(`extra ${path}: ${key}`);
      }
      for (const def of truth) {
        recall.total++;
        const found = ours.get(def.key);
        if (!found) {
          if (misses.length < 300) misses.push(`missing ${path}: ${def.key}`);
          continue;
        }
        recall.hits++;
        docs.total++;
        const doc = found.doc ? collapse(found.doc.text) : null;
        if (doc === def.doc) docs.hits++;
        else if (misses.length < 300)
          misses.push(
            `doc ${path}: ${def.key}: ${JSON.stringify(doc)?.slice(0, 80)} vs ${JSON.stringify(def.doc)?.slice(0, 80)}`,
          );
        if (def.params) {
          params.total++;
          const names = found.parameters.map((p) => collapse(p.name));
          const expected = def.params.map((n) => n.replace(/^\.\.\./, ''));
          if (JSON.stringify(names) === JSON.stringify(expected)) params.hits++;
          else if (misses.length < 300)
            misses.push(`params ${path}: ${def.key}: ${names} vs ${expected}`);
        }
      }
    }
  }
  const scores = [recall, precision, docs, params];
  console.log(
    formatScores(
      `JavaScript (CommonJS) accuracy vs the TypeScript JS binder (${files.length} files from node_modules)`,
      scores,
    ),
  );
  if (misses.length) console.log(misses.join('\n'));
  for (const score of scores) expect(ratio(score), score.label).toBeGreaterThanOrEqual(GOAL);
});
