import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'vitest';
import { haveToolchain, JudgedTally, runJudge, tallyFiles } from './judged.ts';
import { accuracySample, evenly } from './sample.ts';

// Ground truth: nikic/PHP-Parser (Debian's php-parser, through a small PHP script) over its own
// sources, the PHP code that package ships.
const judge = join(import.meta.dirname, '../ground-truth/php_defs.php');
const corpus = '/usr/share/php/PhpParser';
/** The corpus: this many files spread over PHP-Parser; `npm test` judges a sample of them. */
const FILES = 400;
const SAMPLE = 150;

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
  const files = accuracySample('PHP definitions', evenly(all, FILES), SAMPLE);
  const truth = runJudge('php', [judge], files);
  const tally = new JudgedTally();
  await tallyFiles(truth, tally);
  tally.report(`PHP accuracy vs PHP-Parser (${corpus}, ${files.length} of ${all.length} files)`);
});
