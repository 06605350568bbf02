import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'vitest';
import { indexFile } from '../../src/index-file.ts';
import { haveToolchain, JudgedTally, spread, type TruthFile } from './judged.ts';

// Ground truth: nikic/PHP-Parser (Debian's php-parser, through a small PHP script) over its own
// sources, the PHP code that package ships.
const judge = join(import.meta.dirname, '../ground-truth/php_defs.php');
const corpus = '/usr/share/php/PhpParser';
const FILES = 400;

const available = haveToolchain('PHP', 'php', ['-r', '']);
const parser = available && existsSync(join(corpus, 'autoload.php'));
if (available && !parser) {
  if (process.env.CI)
    throw new Error(`PHP: no PHP-Parser in ${corpus}; .ci/run installs php-parser`);
  console.warn(`PHP ground truth skipped: no PHP-Parser in ${corpus} (Debian's php-parser)`);
}

test.skipIf(!parser)('php: definitions, doc comments and parameters match PHP-Parser', async () => {
  const all = readdirSync(corpus, { recursive: true, encoding: 'utf8' })
    .filter((p) => p.endsWith('.php'))
    .sort()
    .map((p) => join(corpus, p));
  const files = spread(all, FILES);
  const truth = execFileSync('php', [judge], { input: files.join('\n'), maxBuffer: 1 << 30 })
    .toString()
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as TruthFile);
  const tally = new JudgedTally();
  for (const file of truth) {
    const index = await indexFile({ path: file.path, content: readFileSync(file.path) });
    tally.add(index, file);
  }
  tally.report(`PHP accuracy vs PHP-Parser (${corpus}, ${files.length} of ${all.length} files)`);
});
