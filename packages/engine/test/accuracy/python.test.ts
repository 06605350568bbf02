import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { indexFile } from '../../src/index-file.ts';
import { accuracySample } from './sample.ts';
import { formatScores, ratio, type Score } from './score.ts';

// Ground truth: python3's own ast over the standard library found on this machine.
const GOAL = 0.99;
/** Files `npm test` judges, spread over the corpus (ACCURACY_WHOLE=1: all of them). */
const SAMPLE = 200;
const script = join(import.meta.dirname, '../ground-truth/python_defs.py');

function stdlibDir(): string | undefined {
  const candidates = existsSync('/usr/lib')
    ? readdirSync('/usr/lib')
        .filter((d) => /^python3\.\d+$/.test(d))
        .sort()
        .map((d) => `/usr/lib/${d}`)
    : [];
  const found = candidates.filter((d) => existsSync(join(d, 'os.py'))).pop();
  if (found) return found;
  // no Debian python: ask the interpreter on PATH (pyenv and the like)
  try {
    const dir = execFileSync('python3', [
      '-c',
      'import sysconfig; print(sysconfig.get_paths()["stdlib"])',
    ])
      .toString()
      .trim();
    return existsSync(join(dir, 'os.py')) ? dir : undefined;
  } catch {
    return undefined;
  }
}

function pythonFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      const st = statSync(p);
      if (st.isDirectory()) {
        if (name !== 'site-packages' && name !== 'dist-packages' && name !== '__pycache__') walk(p);
      } else if (name.endsWith('.py')) out.push(p);
    }
  };
  walk(dir);
  return out;
}

interface TruthDef {
  kind: 'class' | 'function';
  qualname: string;
  line: number;
  doc: string | null;
  params?: string[];
}

const dir = stdlibDir();

// CI machines have python3's standard library, so there a missing corpus is a failure, not a skip.
if (process.env.CI && !dir)
  throw new Error('no python3 standard library found for the accuracy test');

test.skipIf(!dir)('python: definitions, docstrings and parameters match python3 ast', async () => {
  const files = accuracySample('Python definitions', pythonFiles(dir!), SAMPLE);
  const truthLines = execFileSync('python3', [script], {
    input: files.join('\n'),
    maxBuffer: 1 << 30,
  })
    .toString()
    .trim()
    .split('\n');
  const recall: Score = { label: 'definitions recall', hits: 0, total: 0 };
  const precision: Score = { label: 'definitions precision', hits: 0, total: 0 };
  const docs: Score = { label: 'docstring attachment', hits: 0, total: 0 };
  const params: Score = { label: 'parameters exact', hits: 0, total: 0 };
  const misses: string[] = [];
  let skipped = 0;
  for (const line of truthLines) {
    const truth = JSON.parse(line) as { path: string; ok: boolean; defs: TruthDef[] };
    if (!truth.ok) {
      skipped++;
      continue;
    }
    const index = await indexFile({ path: truth.path, content: readFileSync(truth.path) });
    const ours = new Map(
      index.objects
        .filter((o) => ['class', 'function', 'method', 'constructor'].includes(o.kind))
        .map((o) => [`${o.qualifiedName}@${o.range.startLine}`, o]),
    );
    precision.total += ours.size;
    for (const def of truth.defs) {
      recall.total++;
      const key = `${def.qualname}@${def.line}`;
      const found = ours.get(key);
      if (!found) {
        if (misses.length < 15) misses.push(`missing ${truth.path}:${key}`);
        continue;
      }
      recall.hits++;
      precision.hits++;
      docs.total++;
      if ((found.doc?.text ?? null) === def.doc) docs.hits++;
      else if (misses.length < 30) misses.push(`doc ${truth.path}:${key}`);
      if (def.params) {
        params.total++;
        if (JSON.stringify(found.parameters.map((p) => p.name)) === JSON.stringify(def.params))
          params.hits++;
        else if (misses.length < 40) misses.push(`params ${truth.path}:${key}`);
      }
    }
  }
  const scores = [recall, precision, docs, params];
  console.log(
    formatScores(
      `Python accuracy vs ast (${dir}, ${files.length} files, ${skipped} unreadable by ast skipped)`,
      scores,
    ),
  );
  if (misses.length) console.log(misses.join('\n'));
  for (const score of scores) expect(ratio(score), score.label).toBeGreaterThanOrEqual(GOAL);
});
