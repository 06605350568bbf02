import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'vitest';
import { indexRepository } from '../../src/index-repository.ts';
import { CallTally, type Place } from './calls.ts';
import { haveToolchain } from './judged.ts';
import { accuracySample } from './sample.ts';

// Call edges judged by go/types: for every call the engine resolves to an object of the
// repository, the type checker's callee must be that object (a call go/types sends to another
// package, a builtin or a function value is an edge the engine must not draw). The packages
// are indexed together, as one repository of Go's standard library.
const judge = join(import.meta.dirname, '../ground-truth/go_calls.go');
/** Standard library packages with calls across files, methods and receivers of many types. */
const PACKAGES = process.env.ENGINE_GO_CALLS_PACKAGES?.split(',') ?? [
  'encoding/json',
  'text/template',
  'text/template/parse',
  'net/url',
  'archive/tar',
  'bufio',
  'flag',
  'compress/flate',
  'go/scanner',
  'regexp/syntax',
  'mime/multipart',
];

/** Packages `npm test` judges, spread over the list (ACCURACY_WHOLE=1: all of them). */
const SAMPLE = 4;

interface JudgedPackage {
  dir: string;
  files: string[];
  calls: { file: string; line: number; name: string; decl: Place | null }[];
}

const available = haveToolchain('Go', 'go', ['version']);

test.skipIf(!available)('go: resolved call edges agree with go/types', async () => {
  const root = join(execFileSync('go', ['env', 'GOROOT']).toString().trim(), 'src');
  const packages = accuracySample('Go call edges', PACKAGES, SAMPLE);
  const judged = execFileSync('go', ['run', judge], {
    input: packages.map((p) => join(root, p)).join('\n'),
    cwd: join(import.meta.dirname, '../ground-truth'),
    env: { ...process.env, GOPROXY: 'off', GOFLAGS: '', GO111MODULE: 'auto' },
    maxBuffer: 1 << 30,
  })
    .toString()
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as JudgedPackage);
  const paths = judged.flatMap((p) => p.files);
  const index = await indexRepository(
    paths.map((p) => ({ path: relative(root, p), content: readFileSync(p) })),
  );
  const calls = judged.flatMap((p) =>
    p.calls.map((call) => ({
      file: relative(root, call.file),
      line: call.line,
      name: call.name,
      decls: call.decl ? [{ file: relative(root, call.decl.file), line: call.decl.line }] : [],
    })),
  );
  new CallTally(index, calls).report(
    `Go call edges vs go/types (${packages.join(', ')}: ${packages.length} standard library packages, ${paths.length} files)`,
  );
});
