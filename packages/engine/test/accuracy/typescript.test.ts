import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { indexFile } from '../../src/index-file.ts';
import { typescriptTruth } from '../ground-truth/typescript-defs.ts';
import { accuracySample } from './sample.ts';
import { formatScores, ratio, type Score } from './score.ts';

// Ground truth: the TypeScript compiler's parser over real .ts sources in node_modules.
const GOAL = 0.99;
/** Files `npm test` judges, spread over the corpus (ACCURACY_WHOLE=1: all of them). */
const SAMPLE = 300;
const root = join(import.meta.dirname, '../../../../node_modules');

function tsSources(): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      const st = statSync(p, { throwIfNoEntry: false });
      if (!st) continue;
      if (st.isDirectory()) {
        if (
          name !== '.bin' &&
          name !== '.cache' &&
          !p.includes('/typescript/') &&
          name !== '@codedocs'
        )
          walk(p);
      } else if (name.endsWith('.ts') && !/\.d\.[mc]?ts$/.test(name) && st.size < 2_000_000)
        out.push(p);
    }
  };
  walk(root);
  return out;
}

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();

test('typescript: definitions, doc comments and parameters match the TypeScript compiler', async () => {
  const files = accuracySample('TypeScript definitions', tsSources(), SAMPLE);
  const recall: Score = { label: 'definitions recall', hits: 0, total: 0 };
  const precision: Score = { label: 'definitions precision', hits: 0, total: 0 };
  const docs: Score = { label: 'doc comment attachment', hits: 0, total: 0 };
  const params: Score = { label: 'parameters exact', hits: 0, total: 0 };
  const misses: string[] = [];
  const missesPerFile = new Map<string, number>();
  for (const path of files) {
    const text = readFileSync(path, 'utf8');
    const truth = typescriptTruth(path, text);
    const index = await indexFile({ path, content: text });
    const ours = new Map(
      index.objects.map((o) => [`${o.qualifiedName}#${o.kind}#${o.overloadIndex}`, o]),
    );
    const truthKeys = new Set(truth.map((t) => t.key));
    precision.total += ours.size;
    for (const key of ours.keys()) {
      if (truthKeys.has(key)) precision.hits++;
      else if (misses.length < 400) misses.push(`extra ${path}: ${key}`);
    }
    for (const def of truth) {
      recall.total++;
      const found = ours.get(def.key);
      if (!found) {
        missesPerFile.set(path, (missesPerFile.get(path) ?? 0) + 1);
        if (misses.length < 400) misses.push(`missing ${path}: ${def.key}`);
        continue;
      }
      recall.hits++;
      docs.total++;
      const doc = found.doc ? collapse(found.doc.text) : null;
      if (doc === def.doc) docs.hits++;
      else if (misses.length < 400)
        misses.push(
          `doc ${path}: ${def.key}: ${JSON.stringify(doc)?.slice(0, 80)} vs ${JSON.stringify(def.doc)?.slice(0, 80)}`,
        );
      if (def.params) {
        params.total++;
        const names = found.parameters.map((p) => collapse(p.rest ? `...${p.name}` : p.name));
        const expected = def.params;
        if (
          JSON.stringify(names.map((n) => n.replace(/^\.\.\./, ''))) ===
          JSON.stringify(expected.map((n) => n.replace(/^\.\.\./, '')))
        )
          params.hits++;
        else if (misses.length < 400)
          misses.push(`params ${path}: ${def.key}: ${names} vs ${expected}`);
      }
    }
  }
  const scores = [recall, precision, docs, params];
  console.log(
    formatScores(
      `TypeScript accuracy vs the compiler (${files.length} files from node_modules)`,
      scores,
    ),
  );
  if (misses.length) console.log(misses.join('\n'));
  const worst = [...missesPerFile].sort((a, b) => b[1] - a[1]).slice(0, 10);
  if (worst.length)
    console.log(
      `files with most missed definitions:\n${worst.map(([f, n]) => `  ${n}  ${f}`).join('\n')}`,
    );
  for (const score of scores) expect(ratio(score), score.label).toBeGreaterThanOrEqual(GOAL);
});
