import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'vitest';
import { haveToolchain, JudgedTally, runJudge, tallyFiles } from './judged.ts';
import { accuracySample, evenly } from './sample.ts';

// Ground truth: Ruby's own parser (Ripper, through a small Ruby script) over Ruby's standard
// library.
const judge = join(import.meta.dirname, '../ground-truth/ruby_defs.rb');
/** The corpus: this many files spread over the library; `npm test` judges a sample of them. */
const FILES = 500;
const SAMPLE = 150;

const available = haveToolchain('Ruby', 'ruby', ['-e', 'require "ripper"']);

/** Every .rb file of the standard library, sorted. */
function stdlibFiles(): { root: string; files: string[] } {
  const root = execFileSync('ruby', ['-e', 'print RbConfig::CONFIG["rubylibdir"]']).toString();
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((p) => p.endsWith('.rb'))
    .sort()
    .map((p) => join(root, p));
  return { root, files };
}

test.skipIf(!available)('ruby: definitions, doc comments and parameters match Ripper', async () => {
  const { root, files: all } = stdlibFiles();
  const files = accuracySample('Ruby definitions', evenly(all, FILES), SAMPLE);
  const truth = runJudge('ruby', [judge], files);
  const tally = new JudgedTally();
  await tallyFiles(truth, tally);
  tally.report(`Ruby accuracy vs Ripper (${root}, ${files.length} of ${all.length} files)`);
});
