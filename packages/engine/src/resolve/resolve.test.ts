import { posix } from 'node:path';
import { describe, expect, test } from 'vitest';
import { indexRepository } from '../index-repository.ts';
import { updateIndex, type ChangedFile } from '../index-update.ts';
import type { FileIndex, SourceFile } from '../model.ts';
import { joinRelative } from './imports.ts';
import { resolveFileReferences, resolveReferences } from './references.ts';
import { StreamingResolver } from './stream.ts';
import { scopeOf } from './symbols.ts';

/** A small deterministic PRNG (mulberry32), so a failing case can be replayed by its seed. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NAMES = ['load', 'save', 'parse', 'render', 'check', 'build'];
/** TS modules (some only as directories with an index), and Python modules of a package. */
const TS_PATHS = ['src/a.ts', 'src/b.ts', 'src/c.ts', 'src/d/index.ts', 'src/d.ts', 'src/e.ts'];
const PY_PATHS = ['pkg/__init__.py', 'pkg/x.py', 'pkg/y.py', 'pkg/z.py'];

function tsModule(next: () => number): string {
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const lines: string[] = [];
  for (const target of ['./a', './b', './c', './d', './e'].filter(() => next() < 0.4)) {
    lines.push(`import { ${pick(NAMES)}, ${pick(NAMES)} } from '${target}';`);
  }
  if (next() < 0.3) lines.push(`import * as ns from './${pick(['a', 'b', 'c'])}';`);
  for (const name of NAMES.filter(() => next() < 0.5)) {
    lines.push(
      `export function ${name}(v: number): number { return ${pick(NAMES)}(v) + ns.${pick(NAMES)}(v); }`,
    );
  }
  if (next() < 0.4) {
    lines.push(
      `export class ${pick(['Store', 'View'])} { run() { return this.${pick(NAMES)}(); } ${pick(NAMES)}() { return ${pick(NAMES)}(1); } }`,
    );
  }
  return `${lines.join('\n')}\n`;
}

function pyModule(next: () => number): string {
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const lines: string[] = [];
  for (const target of ['x', 'y', 'z'].filter(() => next() < 0.4)) {
    lines.push(
      next() < 0.5 ? `from pkg.${target} import ${pick(NAMES)}` : `from .${target} import *`,
    );
  }
  for (const name of NAMES.filter(() => next() < 0.5)) {
    lines.push(`def ${name}(v):\n    return ${pick(NAMES)}(v)\n`);
  }
  return `${lines.join('\n')}\n`;
}

/** A Go package (with a test file) and a package it imports; C sources around one header. */
const GO_PATHS = ['shop/a.go', 'shop/b.go', 'shop/c_test.go', 'shop/sub/d.go'];
const C_PATHS = ['lib/s.h', 'lib/s.c', 'lib/m.c'];
const UPPER = NAMES.map((n) => n[0]!.toUpperCase() + n.slice(1));

function goModule(path: string, next: () => number): string {
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const sub = path.startsWith('shop/sub/');
  const lines = [`package ${sub ? 'sub' : 'shop'}`, ''];
  if (!sub && next() < 0.5) lines.push('import "github.com/acme/x/shop/sub"', '');
  for (const name of UPPER.filter(() => next() < 0.4)) {
    const call = !sub && next() < 0.3 ? `sub.${pick(UPPER)}` : pick(UPPER);
    lines.push(`func ${name}(v int) int { return ${call}(v) }`);
  }
  return `${lines.join('\n')}\n`;
}

function cModule(path: string, next: () => number): string {
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const lines = path.endsWith('.h') ? [] : ['#include "s.h"'];
  for (const name of NAMES.filter(() => next() < 0.4)) {
    lines.push(
      path.endsWith('.h')
        ? `int ${name}(int v);`
        : `int ${name}(int v) { return ${pick(NAMES)}(v); }`,
    );
  }
  return `${lines.join('\n')}\n`;
}

function randomRepo(next: () => number): Map<string, string> {
  const files = new Map<string, string>();
  for (const path of TS_PATHS) if (next() < 0.7) files.set(path, tsModule(next));
  for (const path of PY_PATHS) if (next() < 0.8) files.set(path, pyModule(next));
  for (const path of GO_PATHS) if (next() < 0.8) files.set(path, goModule(path, next));
  for (const path of C_PATHS) if (next() < 0.8) files.set(path, cModule(path, next));
  return files;
}

/** New content for a path of the random repository. */
function randomModule(path: string, next: () => number): string {
  if (path.endsWith('.py')) return pyModule(next);
  if (path.endsWith('.go')) return goModule(path, next);
  if (/\.[ch]$/.test(path)) return cModule(path, next);
  return tsModule(next);
}

const sources = (files: Map<string, string>): SourceFile[] =>
  [...files].map(([path, content]) => ({ path, content }));

describe('reference resolution', () => {
  test('streaming in any order gives what resolving with every file in memory gives', async () => {
    const next = random(7);
    for (let round = 0; round < 5; round++) {
      const { files } = await indexRepository(sources(randomRepo(next)));
      const expected = resolveReferences(files);
      for (const order of [files, [...files].reverse(), [...files].sort(() => next() - 0.5)]) {
        const resolver = new StreamingResolver(new Set(files.map((f) => f.path)));
        const byFile = new Map<string, unknown[]>();
        for (const file of order) {
          for (const done of resolver.add(file)) byFile.set(done.path, done.references);
        }
        expect(resolver.waitingCount).toBe(0);
        expect(resolver.finish()).toEqual([]);
        expect(files.flatMap((f) => byFile.get(f.path) ?? [])).toEqual(expected);
      }
    }
  });

  test('a file waits for what it imports, and resolves at finish if that never comes', () => {
    const file = (path: string, imports: string[], names: string[] = []): FileIndex => ({
      path,
      language: 'typescript',
      status: 'parsed',
      contentHash: path,
      bytes: 0,
      lines: 0,
      objects: [],
      sites: names.map((name) => ({ name, kind: 'call', line: 1, column: 1, snippet: name })),
      imports: imports.map((source) => ({ source, names: names, line: 1 })),
      diagnostics: [],
    });
    const needed: string[] = [];
    const resolver = new StreamingResolver(new Set(['a.ts', 'b.ts', 'c.ts']), (path) =>
      needed.push(path),
    );
    expect(resolver.add(file('a.ts', ['./b', './c'], ['f']))).toEqual([]);
    expect(needed).toEqual(['b.ts', 'c.ts']);
    expect(resolver.add(file('b.ts', []))).toMatchObject([{ path: 'b.ts' }]);
    expect(resolver.waitingCount).toBe(1);
    const [done] = resolver.finish();
    expect(done?.path).toBe('a.ts');
    expect(done?.references.map((r) => r.toFile)).toEqual(['b.ts', 'c.ts', undefined]);
    expect(resolver.peakWaiting).toBe(1);
    expect(() => resolver.add(file('b.ts', []))).toThrow(/added twice/);
  });

  test('an incremental update always equals indexing the new files from scratch', async () => {
    const next = random(42);
    for (let round = 0; round < 12; round++) {
      let files = randomRepo(next);
      let index = await indexRepository(sources(files));
      for (let step = 0; step < 4; step++) {
        const changes: ChangedFile[] = [];
        const after = new Map(files);
        for (const path of [...TS_PATHS, ...PY_PATHS, ...GO_PATHS, ...C_PATHS]) {
          const roll = next();
          if (roll < 0.15 && after.has(path)) {
            after.delete(path);
            changes.push({ path, content: null });
          } else if (roll < 0.4) {
            const content = randomModule(path, next);
            after.set(path, content);
            changes.push({ path, content });
          } else if (roll < 0.5 && after.has(path)) {
            // an edit inside bodies only: the file's symbols stay as they were
            const content = after.get(path)!.replace(/\(v\)(?!\s*int)/g, '(v + 1)');
            after.set(path, content);
            changes.push({ path, content });
          }
        }
        const update = await updateIndex(index, changes);
        const fresh = await indexRepository(sources(after));
        expect(update.index, `seed 42, round ${round}, step ${step}`).toEqual(fresh);
        expect(update.reparsed.sort()).toEqual(
          changes
            .filter((c) => c.content !== null)
            .map((c) => c.path)
            .sort(),
        );
        files = after;
        index = update.index;
      }
    }
  });

  test('a scope answers for the files it was given only', async () => {
    const { files } = await indexRepository([
      { path: 'a.ts', content: "import { f } from './b';\nexport function g() { return f(); }\n" },
      { path: 'b.ts', content: 'export function f() { return 1; }\n' },
    ]);
    const alone = scopeOf(files.filter((f) => f.path === 'a.ts'));
    const call = resolveFileReferences(files[0]!, alone).find((r) => r.kind === 'call');
    // b.ts is not in the scope: the import is external and the call unresolved, never guessed
    expect(call?.toId).toBeUndefined();
    expect(
      resolveFileReferences(files[0]!, scopeOf(files)).find((r) => r.kind === 'call')?.toFile,
    ).toBe('b.ts');
  });
});

describe('relative import paths', () => {
  test('joined as node’s posix.normalize(posix.join(posix.dirname(from), source)) joins them', () => {
    const segments = ['a', 'b', 'src', '.', '..', '', 'x.ts', 'index', '...', '.hidden', 'ü'];
    let seed = 3;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    const path = () =>
      Array.from({ length: 1 + next(5) }, () => segments[next(segments.length)]).join('/');
    const differing: string[] = [];
    for (let i = 0; i < 50_000 && differing.length < 5; i++) {
      const from = path();
      const source = ['./', '../', '/', ''][next(4)] + path();
      const expected = posix.normalize(posix.join(posix.dirname(from), source));
      if (joinRelative(from, source) !== expected) differing.push(`${from} + ${source}`);
    }
    expect(differing).toEqual([]);
    expect(joinRelative('src/lib/a.ts', '../util/b')).toBe('src/util/b');
    expect(joinRelative('a.ts', '../../x')).toBe('../../x');
  });
});

/** Where each call of a repository goes: `file:line name → qualified name` (or external). */
async function callTargets(files: Record<string, string>): Promise<string[]> {
  const index = await indexRepository(
    Object.entries(files).map(([path, content]) => ({ path, content })),
  );
  const names = new Map(
    index.files.flatMap((f) => f.objects.map((o) => [o.id, `${f.path}:${o.qualifiedName}`])),
  );
  return index.references
    .filter((r) => r.kind === 'call')
    .map((r) => `${r.fromFile}:${r.line} ${r.name} → ${r.toId ? names.get(r.toId) : 'external'}`);
}

describe('issue 42: Python calls through a package', () => {
  const PACKAGE = {
    'net/__init__.py': 'from .api import fetch, send as post\nfrom .codes import *\n',
    'net/api.py': 'def fetch(url):\n    return send(url)\n\ndef send(url):\n    return url\n',
    'net/codes.py': 'def is_ok(code):\n    return code < 300\n',
    'tests/test_net.py': [
      'import net',
      'from net import fetch, post',
      '',
      'def test_calls():',
      '    net.fetch("a")',
      '    net.is_ok(200)',
      '    fetch("b")',
      '    post("c")',
      '    net.send("d")',
      '',
    ].join('\n'),
  };

  test('`pkg.f()` and `from pkg import f` reach what the package re-exports', async () => {
    expect((await callTargets(PACKAGE)).filter((c) => c.startsWith('tests/'))).toEqual([
      'tests/test_net.py:5 net.fetch → net/api.py:fetch',
      'tests/test_net.py:6 net.is_ok → net/codes.py:is_ok',
      'tests/test_net.py:7 fetch → net/api.py:fetch',
      // `send as post`: the package binds `post`, not `send`
      'tests/test_net.py:8 post → net/api.py:send',
      'tests/test_net.py:9 net.send → external',
    ]);
  });

  test('a streaming run waits for the re-exported file, in any order', async () => {
    const { files } = await indexRepository(sources(new Map(Object.entries(PACKAGE))));
    const expected = resolveReferences(files);
    const test = files.find((f) => f.path === 'tests/test_net.py')!;
    const init = files.find((f) => f.path === 'net/__init__.py')!;
    const rest = files.filter((f) => f !== test && f !== init);
    const resolver = new StreamingResolver(new Set(files.map((f) => f.path)));
    const byFile = new Map<string, unknown[]>();
    for (const file of [test, init, ...rest]) {
      for (const done of resolver.add(file)) byFile.set(done.path, done.references);
      // the test waits for the package, then for the files the package re-exports from
      if (file === init) expect(byFile.has(test.path)).toBe(false);
    }
    expect(resolver.waitingCount).toBe(0);
    expect(files.flatMap((f) => byFile.get(f.path) ?? [])).toEqual(expected);
  });

  test('an update of the re-exported file re-resolves the files importing the package', async () => {
    const index = await indexRepository(sources(new Map(Object.entries(PACKAGE))));
    const changed = { path: 'net/api.py', content: 'def send(url):\n    return url\n' };
    const update = await updateIndex(index, [changed]);
    const fresh = await indexRepository(
      sources(new Map(Object.entries({ ...PACKAGE, [changed.path]: changed.content }))),
    );
    expect(update.index).toEqual(fresh);
    expect(update.reresolved).toContain('tests/test_net.py');
  });

  test('`import json` inside a package named json is the standard library, not itself', async () => {
    const calls = await callTargets({
      'web/__init__.py': 'from . import json\n',
      'web/json/__init__.py':
        'import json as _json\n\ndef dumps(obj):\n    return _json.dumps(obj)\n',
      'web/views.py': 'import web.json\n\ndef show(obj):\n    return web.json.dumps(obj)\n',
      'tools/json.py': 'def dumps(obj):\n    return obj\n',
      'tools/run.py': 'import json\n\ndef main():\n    return json.dumps(1)\n',
    });
    expect(calls).toEqual([
      'tools/run.py:4 json.dumps → tools/json.py:dumps',
      'web/json/__init__.py:4 _json.dumps → external',
      'web/views.py:4 web.json.dumps → web/json/__init__.py:dumps',
    ]);
  });
});

/** Each object of a repository as `path:qualifiedName (parent)`. */
async function objectsOf(files: Record<string, string>): Promise<string[]> {
  const index = await indexRepository(
    Object.entries(files).map(([path, content]) => ({ path, content })),
  );
  return index.files.flatMap((f) => {
    const names = new Map(f.objects.map((o) => [o.id, o.qualifiedName]));
    return f.objects.map(
      (o) => `${f.path}:${o.qualifiedName}${o.parentId ? ` in ${names.get(o.parentId)}` : ''}`,
    );
  });
}

describe('issue 42: JavaScript objects and the names a function binds', () => {
  test('a guarded default export is an object, its inner functions inside it', async () => {
    expect(
      await objectsOf({
        'http.js':
          'export default ok && function httpAdapter(c) {\n  function settle(v) { return v; }\n  return settle(c);\n};\n',
        'xhr.js':
          'export default ok && function (c) {\n  function onLoad() { return c; }\n  return onLoad();\n};\n',
        'fetch.js':
          'export default ok && (async (c) => {\n  const body = (d) => d;\n  return body(c);\n});\n',
        'legacy.js':
          "module.exports = typeof Buffer !== 'undefined' && function (s) {\n  function collect() { return s; }\n  return collect();\n};\n",
      }),
    ).toEqual([
      'fetch.js:default',
      'fetch.js:default.body in default',
      'http.js:httpAdapter',
      'http.js:httpAdapter.settle in httpAdapter',
      'legacy.js:default',
      'legacy.js:default.collect in default',
      'xhr.js:default',
      'xhr.js:default.onLoad in default',
    ]);
  });

  test('calling what a module requires reaches the function it exports', async () => {
    expect(
      await callTargets({
        'caller.js': 'module.exports = function getCallers() { return []; };\n',
        'main.js': "const caller = require('./caller');\nfunction main() { return caller(); }\n",
      }),
    ).toEqual(['main.js:2 caller → caller.js:getCallers']);
  });

  test('prototype methods written above a hoisted function declaration belong to it', async () => {
    const files = {
      'view.js': [
        'module.exports = View;',
        'View.prototype.render = function render() { return this.lookup(); };',
        'View.prototype.lookup = function lookup() { return 1; };',
        'function View(name) { this.name = name; }',
        '',
      ].join('\n'),
    };
    expect(await objectsOf(files)).toEqual([
      'view.js:View.render in View',
      'view.js:View.lookup in View',
      'view.js:View',
    ]);
    expect(await callTargets(files)).toEqual(['view.js:2 this.lookup → view.js:View.lookup']);
  });

  test('a local variable or parameter is not the module-level object of its name', async () => {
    expect(
      await callTargets({
        'app.js': [
          'function View() {}',
          'function make() { return new View(); }',
          "function render(app) { var View = app.get('view'); return new View(); }",
          'function wrap(View) { return View(); }',
          'function outer(app) { var View = app.View; function inner() { return new View(); } return inner; }',
          '',
        ].join('\n'),
      }),
    ).toEqual([
      'app.js:2 View → app.js:View',
      'app.js:3 app.get → external',
      'app.js:3 View → external',
      'app.js:4 View → external',
      'app.js:5 View → external',
    ]);
  });

  test('a Python local (assigned, a loop variable, a parameter) is not the module-level object', async () => {
    expect(
      await callTargets({
        'views.py': [
          'class View:',
          '    pass',
          '',
          'def make():',
          '    return View()',
          '',
          'def render(app):',
          '    View = app.get("view")',
          '    return View()',
          '',
          'def run(rules, View):',
          '    for rule in rules:',
          '        rule(View())',
          '',
          'def rule(x):',
          '    return x',
          '',
        ].join('\n'),
      }),
    ).toEqual([
      'views.py:5 View → views.py:View',
      'views.py:8 app.get → external',
      'views.py:9 View → external',
      'views.py:13 rule → external',
      'views.py:13 View → external',
    ]);
  });

  test('if/else redefinitions of a function keep their own calls', async () => {
    const python = [
      'if X:',
      '    def f():',
      '        return a()',
      'else:',
      '    def f():',
      '        return b()',
      '',
      'def a():',
      '    pass',
      '',
      'def b():',
      '    pass',
      '',
    ].join('\n');
    const script =
      'if (x) {\n  function g() { return one(); }\n} else {\n  function g() { return two(); }\n}\nfunction one() {}\nfunction two() {}\n';
    const index = await indexRepository([
      { path: 'm.py', content: python },
      { path: 's.js', content: script },
    ]);
    const calls = index.references.filter((r) => r.kind === 'call');
    for (const name of ['f', 'g']) {
      const definitions = index.files.flatMap((f) => f.objects.filter((o) => o.name === name));
      expect(definitions).toHaveLength(2);
      // each definition's call is its own, and reaches what that branch calls
      expect(
        definitions.map((d) =>
          calls.filter((r) => r.fromId === d.id).map((r) => `${r.line} ${r.name}`),
        ),
      ).toEqual(name === 'f' ? [['3 a'], ['6 b']] : [['2 one'], ['4 two']]);
    }
  });
});

describe('issue 42: C# local functions', () => {
  test('are not API objects; calls of them are local, their returns their own', async () => {
    const content = [
      'class Totals {',
      '  public int Sum(int[] xs) {',
      '    int Clamp(int v) { if (v < 0) { throw new Error(); } return v; }',
      '    var t = 0;',
      '    foreach (var x in xs) t += Clamp(x);',
      '    return t;',
      '  }',
      '  public int Clamp(int v) => v;',
      '}',
      '',
    ].join('\n');
    const index = await indexRepository([{ path: 'Totals.cs', content }]);
    const objects = index.files[0]!.objects;
    expect(objects.map((o) => o.qualifiedName)).toEqual(['Totals', 'Totals.Sum', 'Totals.Clamp']);
    expect(objects[1]!.body?.throws).toEqual([]);
    expect(await callTargets({ 'Totals.cs': content })).toEqual([
      'Totals.cs:3 Error → external',
      'Totals.cs:5 Clamp → external',
    ]);
  });
});
