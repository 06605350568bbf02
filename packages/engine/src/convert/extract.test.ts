import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { indexFile } from '../index-file.ts';
import { packFileIndex, unpackFileIndex } from '../parse/transfer.ts';
import { CONVERTERS } from './dispatch.ts';
import { extractPython, extractTypeScript } from './extract.ts';
import { TYPESCRIPT_SHAPES } from './extract-typescript-shapes.ts';
import { convertPython } from './python.ts';
import { convertTypeScript } from './typescript.ts';

// The walks of wasm/extract.c against their specification, the JavaScript converters: the
// same model, byte for byte, on every fixture, on shapes chosen to reach each branch of the C
// code (whitespace of every kind, comments inside heads, long and non-ASCII names, broken
// code) and, where the machine has it, on the whole Python standard library.

const inJavaScript = {
  ...CONVERTERS,
  python: convertPython,
  typescript: convertTypeScript,
  tsx: convertTypeScript,
  javascript: convertTypeScript,
};
const inWasm = {
  ...CONVERTERS,
  python: extractPython,
  typescript: extractTypeScript,
  tsx: extractTypeScript,
  javascript: extractTypeScript,
};

async function bothWays(path: string, content: Buffer | string): Promise<[string, string]> {
  const file = { path, content };
  const js = JSON.stringify(await indexFile(file, { repository: 'r' }, inJavaScript));
  const wasm = JSON.stringify(await indexFile(file, { repository: 'r' }, inWasm));
  // and as a parser thread sends it: the records unread, read on the other side of the trip
  const sent = structuredClone(
    packFileIndex(await indexFile(file, { repository: 'r', deferReading: true }, inWasm)),
  );
  expect(sent.extracted, path).toBeDefined();
  expect(JSON.stringify(unpackFileIndex(sent)), path).toBe(wasm);
  return [js, wasm];
}

function filesUnder(dir: string, extension: RegExp): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    const stat = statSync(path, { throwIfNoEntry: false });
    if (stat?.isDirectory()) {
      if (name !== 'site-packages' && name !== 'dist-packages' && name !== '__pycache__')
        out.push(...filesUnder(path, extension));
    } else if (extension.test(name)) out.push(path);
  }
  return out;
}

/** Python written to reach every branch of extract.c's walk and string building. */
const AWKWARD = [
  `"""Module doc """ "joined" r'raw\\n'\n\nimport os, a.b as c, d.e\nfrom . import x\nfrom .m import (y as z, w)\nfrom __future__ import annotations\n`,
  `def f(a,  # first\n      b: "Dict[str,  int]" = None,\n      # a comment line\n      *args: int, c=1 + 2, **kw) -> Optional[ Foo ]:\n    '''Doc\n\n    Args:\n        a: thing\n    '''\n    return a\n`,
  `class A(B, mod.sub.C, metaclass=M):\n    """Class doc."""\n    @staticmethod\n    @  functools.wraps( f )\n    def s(x): ...\n    @abc.abstractmethod\n    async def _p(self, /, q, *, r): pass\n    def __init__(self): super().__init__()\n    def __eq__(self, o): return NotImplemented\n    class Inner:\n        def __init__(self): pass\n`,
  `def outer():\n    def inner(y):\n        if y:\n            return 1\n        elif y is None:\n            return\n        else:\n            raise ValueError("x")\n        raise\n    class Local:\n        def m(self): raise errors.Bad\n    g = lambda v: v.call()\n    return inner\n`,
  `x = a.very_long_receiver_name.another_long_attribute_name.yet_another_one.finally_here.call()\ny = (a  .  b)(  )\nz = f()()[0].g()\nprint (1)\nnaïve.m()\nñ()\n`,
  `def t(a: Dict[str, Foo], b: "Bar") -> Tuple[\u00a0int,\u2003str]:\n    v: List[Baz] = []\n    return v\n`,
  `def f(:\n    pass\nclass :\n    def g(self) ->\n`,
  '',
  `\r\ndef crlf(a,\r\n        b):\r\n    """CRLF doc\r\n    line."""\r\n    return a\r\n`,
  `@decorator\n# a comment between\n@other(  1,\n   2)\ndef decorated(\n    # comment first\n    a,\n    *,\n    b\n) -> None:\n    f"not a doc {a}"\n    b"nor this"\n`,
  `def doc_escapes():\n    "Tab\\there \\x41 \\u00e9 \\N{DASH} \\101 \\\n continued"\n\nasync def a_gen():\n    '''Raw ''' 'and plain'\n    await x.y()\n`,
  `class Deep:\n  class Deeper:\n    class Deepest:\n      def m(self, *a, **k) -> "Deep.Deeper": return self.m()\n`,
  `def sig_comments(a,\n    #[not a comment line]\n    * b,\n    // c,\n    /* d */ e): pass\n`,
  `def  spaced  ( a ,\tb )  :\n\tpass\n\ndef   =  \n`,
  // receivers around the 60 units where a qualifier is cut, dotted and not, with whitespace
  [58, 59, 60, 61, 62]
    .map((n) => `${'r'.repeat(n)}.m()\n(${'s'.repeat(n - 4)}  ).m()\nq${'.w'.repeat(n)}()\n`)
    .join(''),
];

describe('extract.c, the Python walk', () => {
  it('gives the JavaScript converter’s model on every Python fixture', async () => {
    const root = join(import.meta.dirname, '../../test');
    const files = filesUnder(root, /\.pyi?$/);
    expect(files.length).toBeGreaterThan(5);
    for (const path of files) {
      const [js, wasm] = await bothWays(path.slice(root.length + 1), readFileSync(path));
      expect(wasm, path).toBe(js);
    }
  });

  it('gives the same model on shapes written to reach each branch', async () => {
    for (const [i, source] of AWKWARD.entries()) {
      const [js, wasm] = await bothWays(`src/pkg/awkward_${i}.py`, source);
      expect(wasm, source).toBe(js);
      // and as the walk sees them one after the other, in one thread's memory
      const [jsAgain, wasmAgain] = await bothWays(`_private/m${i}.py`, source);
      expect(wasmAgain).toBe(jsAgain);
    }
    // every piece of the list above in one file
    const [js, wasm] = await bothWays('all.py', AWKWARD.join('\n'));
    expect(wasm).toBe(js);
  });

  it('records what the code holds (not only what the JavaScript converter does)', async () => {
    const model = await indexFile({ path: 'pkg/m.py', content: AWKWARD[2]! }, {}, inWasm);
    const names = model.objects.map((o) => `${o.kind} ${o.qualifiedName}`);
    expect(names).toEqual([
      'module pkg.m',
      'class A',
      'method A.s',
      'method A._p',
      'constructor A.__init__',
      'method A.__eq__',
      'class A.Inner',
      'constructor A.Inner.__init__',
    ]);
    const p = model.objects.find((o) => o.name === '_p')!;
    expect(p.modifiers).toMatchObject({ async: true, abstract: true, visibility: 'private' });
    expect(p.parameters.map((q) => q.name)).toEqual(['self', 'q', 'r']);
    expect(model.objects[2]!.decorators).toEqual(['@staticmethod', '@ functools.wraps( f )']);
    expect(model.sites.filter((s) => s.kind === 'extends').map((s) => s.name)).toEqual(['B', 'C']);
  });

  // (through a two- and a four-thread pool, every fixture: parse/pool.test.ts)
  const stdlib = readdirSync('/usr/lib')
    .filter((d) => /^python3\.\d+$/.test(d) && existsSync(`/usr/lib/${d}/os.py`))
    .map((d) => `/usr/lib/${d}`)
    .pop();
  it.skipIf(!stdlib)(
    'gives the same model on the whole Python standard library',
    async () => {
      const files = filesUnder(stdlib!, /\.py$/);
      let compared = 0;
      for (const path of files) {
        const [js, wasm] = await bothWays(path.slice(stdlib!.length + 1), readFileSync(path));
        expect(wasm, path).toBe(js);
        compared++;
      }
      expect(compared).toBeGreaterThan(500);
    },
    240_000,
  );
});

const SCRIPT = /\.(m|c)?(j|t)sx?$/;

describe('extract.c, the TypeScript, TSX and JavaScript walk', () => {
  it('gives the JavaScript converter’s model on every fixture', async () => {
    const root = join(import.meta.dirname, '../../test');
    const files = filesUnder(root, SCRIPT);
    expect(files.length).toBeGreaterThan(5);
    for (const path of files) {
      const [js, wasm] = await bothWays(path.slice(root.length + 1), readFileSync(path));
      expect(wasm, path).toBe(js);
    }
  });

  it('gives the same model on shapes written to reach each branch', async () => {
    for (const { path, source } of TYPESCRIPT_SHAPES) {
      const [js, wasm] = await bothWays(path, source);
      expect(wasm, `${path}\n${source}`).toBe(js);
    }
  });

  it('records what the code holds (not only what the JavaScript converter does)', async () => {
    const source = [
      '/** Creates an app. */',
      'var app = exports = module.exports = {};',
      'app.use = function use(fn) { return this.stack.push(fn); };',
      'function View(name) { this.name = name; }',
      'View.prototype.render = async function (options, callback) { throw new RenderError(); };',
      'exports.helper = (a = 1, ...rest) => a;',
    ].join('\n');
    const model = await indexFile({ path: 'lib/app.js', content: source }, {}, inWasm);
    expect(
      model.objects.map((o) => `${o.kind} ${o.qualifiedName} ${o.modifiers.exported}`),
    ).toEqual([
      'method app.use true',
      'function View false',
      'method View.render false',
      'function helper true',
    ]);
    const render = model.objects[2]!;
    expect(render.modifiers).toMatchObject({ async: true, static: false, visibility: 'public' });
    expect(render.body?.throws).toEqual(['RenderError']);
    expect(model.objects[3]!.parameters).toMatchObject([
      { name: 'a', optional: true, default: '1' },
      { name: 'rest', rest: true },
    ]);
  });

  // a sample of the benchmark's corpus (bench/engine.ts): every tenth file
  const packages = ['zod', '@reduxjs', 'fastify', '@tanstack', 'kysely', 'pino', 'immer', 'ajv']
    .map((name) => join(import.meta.dirname, '../../../../node_modules', name))
    .filter((dir) => existsSync(dir));
  it.skipIf(packages.length === 0)(
    'gives the same model on packages in node_modules',
    async () => {
      const files = packages
        .flatMap((dir) => filesUnder(dir, SCRIPT))
        .filter((_, i) => i % 10 === 0);
      for (const path of files) {
        const [js, wasm] = await bothWays(path, readFileSync(path));
        expect(wasm, path).toBe(js);
      }
      expect(files.length).toBeGreaterThan(100);
    },
    120_000,
  );
});

describe('JSDoc read again', () => {
  it('gives a repeated comment its own copy of the parse, equal to a first parse', async () => {
    const comment =
      '/**\n * Adds.\n * @param a first\n * @returns {number} the sum\n * @see other\n */';
    const content = `${comment}\nexport function add(a, b) { return a + b; }\n`;
    const first = await indexFile({ path: 'a.ts', content }, {}, inWasm);
    const again = await indexFile({ path: 'b.ts', content }, {}, inWasm);
    const [one, two] = [first.objects[0]!.doc!, again.objects[0]!.doc!];
    expect(two).toEqual(one);
    expect(JSON.stringify(two)).toBe(JSON.stringify(one));
    // nothing shared: a consumer changing one model's doc leaves the other's alone
    expect(two).not.toBe(one);
    expect(two.params).not.toBe(one.params);
    expect(two.params[0]).not.toBe(one.params[0]);
    expect(two.returns).not.toBe(one.returns);
    two.params.push({ name: 'b', description: '' });
    const third = await indexFile({ path: 'c.ts', content }, {}, inWasm);
    expect(third.objects[0]!.doc).toEqual(one);
    // and as the JavaScript converter reads it
    const js = await indexFile({ path: 'a.ts', content }, {}, inJavaScript);
    expect(JSON.stringify(js.objects[0]!.doc)).toBe(JSON.stringify(one));
  });
});

describe('extract.c, code hashes', () => {
  // the walk hashes objects itself (put_hashes) unless a range or a join would cut a surrogate
  // pair, where the reader hashes the strings: both ways must give the converters' hashes
  const sources: [string, string][] = [
    ['astral.ts', '/** 😀 doc */\nexport class A😀 {\n  m(a = "😀") { return "\uD83D"; }\n}\n'],
    ['lone.ts', 'export function f\uD800(a) {\n  // \uDC00 lone\n  return a;\n}\n'],
    ['cut.js', 'function g() { /* 😀 */ }\n/*\uDE00*/ function h(\uD83D) {}\n'],
    [
      'legacy.py',
      'def f():\n    """Doc 😀."""\n    # comment\n    return 1\n\nclass K:\n    # c\n    def m(self): pass\n',
    ],
    ['lone.py', 'def f\uD800():\n    "\uDC00"\n    return 1\n'],
    [
      'nested.ts',
      'declare module "m" {\n  export function a(): void;\n}\nnamespace N { export class C { m() {} } }\n',
    ],
  ];
  it('gives the converters’ hashes, legacy hashes included', async () => {
    for (const [path, source] of sources) {
      const [js, wasm] = await bothWays(path, source);
      expect(wasm, path).toBe(js);
      const model = JSON.parse(wasm) as { objects: { codeHash: string }[] };
      for (const object of model.objects) expect(object.codeHash, path).toMatch(/^[0-9a-f]{20}$/);
    }
  });

  it('hashes as the converters on generated code with every kind of whitespace and comment', async () => {
    // declarations nested in each other, their heads and bodies strung from pieces: whitespace
    // of each kind (masked comments read as whitespace between words), word characters at piece
    // edges, non-ASCII, astral pairs, lone surrogates and U+FFFD (which make a join fall back)
    let seed = 3;
    const pick = <T>(list: readonly T[]): T => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return list[(seed >>> 8) % list.length]!;
    };
    // (one string split at `|`: the pieces are whitespace of every kind, words, signs, comments)
    const bits = [
      ' |  |\t|\n|\r\n|\u00a0|\u2028|\ufeff|\u3000|a|b1|$|_|+|(|)|,|é|中|😀|\uD800|\uDC00|\uFFFD',
      '/* c */|// c\n|/** d */|"s"|\'t\'|0',
    ].flatMap((group) => group.split('|'));
    const words = (n: number) => Array.from({ length: n }, () => pick(bits)).join('');
    const ts = (depth: number): string => {
      const inner =
        depth > 0 ? Array.from({ length: 2 }, () => ts(depth - 1)).join(pick(bits)) : '';
      const kind = pick(['function f', 'class C', 'const g = () =>', 'export function h']);
      const body = kind.startsWith('class') ? `m${depth}(${words(2)}) {${words(3)}}` : words(4);
      return `${words(1)}${kind}${depth}(${words(2)}) {${words(3)}${inner}${body}}${words(1)}\n`;
    };
    const line = (n: number) => words(n).replace(/[\n\r\u2028]|\/\/ c/g, ' ');
    const py = (depth: number, indent: string): string => {
      const inner = depth > 0 ? py(depth - 1, `${indent}    `) : '';
      const kind = pick(['def f', 'class C', 'async def g']);
      return `${indent}${kind}${depth}(${line(2)}):\n${indent}    x = ${line(2)}\n${indent}    # ${line(2)}\n${inner}`;
    };
    for (let i = 0; i < 150; i++) {
      for (const [path, source] of [
        [`g${i}.ts`, ts(2)],
        [`g${i}.py`, py(2, '')],
      ] as const) {
        const [js, wasm] = await bothWays(path, source);
        expect(wasm, JSON.stringify(source)).toBe(js);
      }
    }
  });
});
