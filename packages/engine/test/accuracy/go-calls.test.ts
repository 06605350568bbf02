import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test } from 'vitest';
import { indexRepository } from '../../src/index-repository.ts';
import type { CodeObject } from '../../src/model.ts';
import { GOAL, haveToolchain } from './judged.ts';
import { formatScores, ratio, type Score } from './score.ts';

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

interface Place {
  file: string;
  line: number;
}
interface JudgedPackage {
  dir: string;
  files: string[];
  calls: { file: string; line: number; name: string; decl: Place | null }[];
}

const available = haveToolchain('Go', 'go', ['version']);

test.skipIf(!available)('go: resolved call edges agree with go/types', async () => {
  const root = join(execFileSync('go', ['env', 'GOROOT']).toString().trim(), 'src');
  const judged = execFileSync('go', ['run', judge], {
    input: PACKAGES.map((p) => join(root, p)).join('\n'),
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
  const objects = new Map<string, { object: CodeObject; path: string }>();
  for (const file of index.files)
    for (const object of file.objects) objects.set(object.id, { object, path: file.path });
  // what go/types says of each call, by file, line and name (several on a line in order)
  const truth = new Map<string, (Place | null)[]>();
  for (const call of judged.flatMap((p) => p.calls)) {
    const key = `${relative(root, call.file)}:${call.line}:${call.name}`;
    const decl = call.decl && { file: relative(root, call.decl.file), line: call.decl.line };
    truth.set(key, [...(truth.get(key) ?? []), decl]);
  }
  const declares = (path: string, line: number) =>
    index.files.some(
      (f) =>
        f.path === path &&
        f.objects.some((o) => o.range.startLine <= line && line <= o.range.startLine + 1),
    );
  const agrees = (toId: string | undefined, decl: Place | null) => {
    const target = toId ? objects.get(toId) : undefined;
    return (
      target !== undefined &&
      decl !== null &&
      target.path === decl.file &&
      target.object.range.startLine <= decl.line &&
      decl.line <= target.object.range.endLine
    );
  };
  const precision: Score = { label: 'call edges precision', hits: 0, total: 0 };
  const recall: Score = { label: 'call edges recall', hits: 0, total: 0 };
  const wrong: string[] = [];
  let unjudged = 0;
  for (const ref of index.references) {
    if (ref.kind !== 'call') continue;
    // a reference keeps the name as written (`tr.next`): go/types lists the called name
    const called = ref.name.slice(ref.name.lastIndexOf('.') + 1);
    const pending = truth.get(`${ref.fromFile}:${ref.line}:${called}`);
    if (!pending?.length) {
      if (ref.toId) unjudged++;
      continue;
    }
    const decl = pending.shift()!;
    if (ref.toId) {
      precision.total++;
      if (agrees(ref.toId, decl)) precision.hits++;
      else if (wrong.length < 40)
        wrong.push(
          `${ref.fromFile}:${ref.line} ${ref.name} → ${objects.get(ref.toId)?.object.qualifiedName} (go/types: ${decl ? `${decl.file}:${decl.line}` : 'outside the repository'})`,
        );
    }
    // recall over callees go/types finds among the repository's objects
    if (decl && declares(decl.file, decl.line)) {
      recall.total++;
      if (agrees(ref.toId, decl)) recall.hits++;
    }
  }
  console.log(
    formatScores(
      `Go call edges vs go/types (${PACKAGES.length} standard library packages, ${paths.length} files${unjudged ? `, ${unjudged} resolved calls go/types does not list` : ''})`,
      [precision, recall],
    ),
  );
  if (wrong.length) console.log(wrong.join('\n'));
  expect(ratio(precision), precision.label).toBeGreaterThanOrEqual(GOAL);
});
