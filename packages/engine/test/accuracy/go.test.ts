import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'vitest';
import { collapse, haveToolchain, JudgedTally, runJudge, tallyFiles } from './judged.ts';
import { accuracySample, evenly } from './sample.ts';

// Ground truth: go/parser (through a small Go program) over Go's own standard library.
const judge = join(import.meta.dirname, '../ground-truth/go_defs.go');
/** The corpus: this many files spread over the library; `npm test` judges a sample of them. */
const FILES = 500;
const SAMPLE = 150;

const available = haveToolchain('Go', 'go', ['version']);

/** Every .go file under GOROOT/src, sorted, testdata (deliberately odd inputs) left out. */
function stdlibFiles(): { root: string; files: string[] } {
  const root = join(execFileSync('go', ['env', 'GOROOT']).toString().trim(), 'src');
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((p) => p.endsWith('.go') && !/(^|\/)testdata\//.test(p))
    .sort()
    .map((p) => join(root, p));
  return { root, files };
}

test.skipIf(!available)(
  'go: definitions, doc comments and parameters match go/parser',
  async () => {
    const { root, files: all } = stdlibFiles();
    const files = accuracySample('Go definitions', evenly(all, FILES), SAMPLE);
    const truth = runJudge('go', ['run', judge], files, {
      cwd: join(import.meta.dirname, '../ground-truth'),
      env: { ...process.env, GOPROXY: 'off', GOFLAGS: '', GO111MODULE: 'auto' },
    });
    // go/ast keeps the `*` a block comment's lines may start with; readers see it as decoration
    const tally = new JudgedTally({
      doc: (text) => collapse(text.replace(/^[ \t]*\*(?!\/)/gm, '')),
    });
    await tallyFiles(truth, tally);
    tally.report(`Go accuracy vs go/parser (${root}, ${files.length} of ${all.length} files)`);
  },
);
