import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'vitest';
import { indexFile } from '../../src/index-file.ts';
import { collapse, haveToolchain, JudgedTally, spread, type TruthFile } from './judged.ts';

// Ground truth: go/parser (through a small Go program) over Go's own standard library.
const judge = join(import.meta.dirname, '../ground-truth/go_defs.go');
const FILES = 500;

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
    const files = spread(all, FILES);
    const truth = execFileSync('go', ['run', judge], {
      input: files.join('\n'),
      cwd: join(import.meta.dirname, '../ground-truth'),
      env: { ...process.env, GOPROXY: 'off', GOFLAGS: '', GO111MODULE: 'auto' },
      maxBuffer: 1 << 30,
    })
      .toString()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as TruthFile);
    // go/ast keeps the `*` a block comment's lines may start with; readers see it as decoration
    const tally = new JudgedTally({
      doc: (text) => collapse(text.replace(/^[ \t]*\*(?!\/)/gm, '')),
    });
    for (const file of truth) {
      const index = await indexFile({ path: file.path, content: readFileSync(file.path) });
      tally.add(index, file);
    }
    tally.report(`Go accuracy vs go/parser (${root}, ${files.length} of ${all.length} files)`);
  },
);
