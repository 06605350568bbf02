import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'vitest';
import { indexFile } from '../../src/index-file.ts';
import { haveToolchain, JudgedTally, spread, type TruthFile } from './judged.ts';

// Ground truth: Ruby's own parser (Ripper, through a small Ruby script) over Ruby's standard
// library.
const judge = join(import.meta.dirname, '../ground-truth/ruby_defs.rb');
const FILES = 500;

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
  const files = spread(all, FILES);
  const truth = execFileSync('ruby', [judge], { input: files.join('\n'), maxBuffer: 1 << 30 })
    .toString()
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as TruthFile);
  const tally = new JudgedTally();
  for (const file of truth) {
    const index = await indexFile({ path: file.path, content: readFileSync(file.path) });
    tally.add(index, file);
  }
  tally.report(`Ruby accuracy vs Ripper (${root}, ${files.length} of ${all.length} files)`);
});
