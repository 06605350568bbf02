import { describe, expect, test } from 'vitest';
import {
  codeHash,
  createCodeHasher,
  normalizeCode,
  objectId,
  scopeObjectId,
  withHoles,
  maskedText,
} from './identity.ts';
import { indexFile } from './index-file.ts';

/** A repeatable random integer below n, from a linear congruential generator. */
function seededRandom(seed: number): (n: number) => number {
  return (n) => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return (seed >>> 12) % n;
  };
}

describe('stable identity', () => {
  test('the id depends on repository, path, qualified name, kind and overload index only', () => {
    const id = objectId('repo', 'a.ts', 'A.f', 'method', 0);
    expect(objectId('repo', 'a.ts', 'A.f', 'method', 0)).toBe(id);
    expect(objectId('repo', 'a.ts', 'A.f', 'method', 1)).not.toBe(id);
    expect(objectId('repo', 'b.ts', 'A.f', 'method', 0)).not.toBe(id);
    expect(objectId('other', 'a.ts', 'A.f', 'method', 0)).not.toBe(id);
  });

  test('a repository key scopes the unscoped id, so a stored id can be re-keyed from itself', () => {
    const unscoped = objectId('', 'a.ts', 'A.f', 'method', 0);
    expect(objectId('repo', 'a.ts', 'A.f', 'method', 0)).toBe(scopeObjectId('repo', unscoped));
    expect(scopeObjectId('repo', unscoped)).not.toBe(scopeObjectId('repo2', unscoped));
    expect(scopeObjectId('repo', unscoped)).toMatch(/^[0-9a-f]{20}$/);
  });

  test('whitespace-only changes keep the code hash; code changes do not', () => {
    const base = codeHash('function f(a, b) {\n  return a + b;\n}');
    expect(codeHash('function f(a,b){return a+b;}')).toBe(base);
    expect(codeHash('function f(a, b) {\n\treturn   a +\n b;\n}\n')).toBe(base);
    expect(codeHash('function f(a, b) {\n  return a - b;\n}')).not.toBe(base);
  });

  test('normalizeCode is the two regular expressions it is specified by, in one pass', () => {
    const spec = (code: string) =>
      code
        .replace(/\s+/g, ' ')
        .replace(/ ?([^\w$ ]) ?/g, '$1')
        .trim();
    const pieces = [
      'a',
      'b1',
      '$',
      '_',
      ' ',
      '  ',
      '\t',
      '\n',
      '\r\n',
      '\u00a0',
      '\u2028',
      '(',
      ')',
      '+',
      '-',
      'é',
      '{',
      ';',
      '"',
      '\ufeff',
    ];
    // every string of up to three pieces (8,421), then longer ones drawn from them at random
    const strings: string[] = [''];
    let layer = [''];
    for (let length = 1; length <= 3; length++) {
      layer = layer.flatMap((prefix) => pieces.map((piece) => prefix + piece));
      strings.push(...layer);
    }
    let seed = 7;
    for (let n = 0; n < 2000; n++) {
      let s = '';
      for (let k = 0; k < 12; k++) {
        seed = (seed * 1103515245 + 12345) & 0x7fffffff;
        s += pieces[seed % pieces.length];
      }
      strings.push(s);
    }
    for (const s of strings) expect(normalizeCode(s), JSON.stringify(s)).toBe(spec(s));
  });

  test('hashing a range of a source equals hashing its text', () => {
    const source =
      '  class A {\n\t  f( a ,b )\u00a0{ return a+ b ; }\r\n  $x  y  é  z }\n  \n x\u2028y ';
    const hashRange = createCodeHasher(source);
    for (let start = 0; start <= source.length; start++) {
      for (let end = start; end <= source.length; end++) {
        expect(hashRange(start, end)).toBe(codeHash(source.slice(start, end)));
      }
    }
  });

  test('hashing with masked ranges equals hashing the text with those ranges blanked', () => {
    // masked ranges read as whitespace: the string blanked is the spec
    const pieces = ['a', 'b1', ' ', '\t', '\n', '\u00a0', '(', 'é', '中', '😀', '\ufffd', '#'];
    const next = seededRandom(7);
    for (let round = 0; round < 200; round++) {
      let source = '';
      for (let k = 0; k < 40; k++) source += pieces[next(pieces.length)];
      // up to four ranges sorted by start, some overlapping, some cutting a pair in two
      const cuts = Array.from({ length: 2 * next(5) }, () => next(source.length + 1));
      const pairs: [number, number][] = [];
      for (let c = 0; c < cuts.length; c += 2)
        pairs.push([Math.min(cuts[c]!, cuts[c + 1]!), Math.max(cuts[c]!, cuts[c + 1]!)]);
      pairs.sort((x, y) => x[0] - y[0]);
      const ranges = Int32Array.from(pairs.flat());
      const masked = createCodeHasher(source, ranges);
      const blanked = maskedText(source, ranges);
      for (let trial = 0; trial < 20; trial++) {
        const start = next(source.length + 1);
        const end = start + next(source.length - start + 1);
        const holes = next(2)
          ? [{ from: start, to: start + next(end - start + 1), text: 'f()' }]
          : [];
        expect(
          masked(start, end, holes),
          JSON.stringify({ source, ranges: pairs, start, end }),
        ).toBe(codeHash(withHoles(blanked, start, end, holes)));
      }
    }
  });

  test('an object keeps its id when code around it changes, and overloads get distinct ids', async () => {
    const v1 = await indexFile({
      path: 'm.ts',
      content: 'function f(a: string): void;\nfunction f(a: any) {}\nclass C { m() {} }',
    });
    const v2 = await indexFile({
      path: 'm.ts',
      content:
        '// new header\n\nfunction f(a: string): void;\nfunction f(a: any) { return 1; }\nclass C {\n  m() {}\n}',
    });
    const ids = (ix: typeof v1) =>
      ix.objects.map((o) => `${o.qualifiedName}:${o.overloadIndex}:${o.id}`);
    expect(ids(v2)).toEqual(ids(v1));
    expect(new Set(v1.objects.map((o) => o.id)).size).toBe(v1.objects.length);
    const hash = (ix: typeof v1, q: string, i: number) =>
      ix.objects.find((o) => o.qualifiedName === q && o.overloadIndex === i)!.codeHash;
    expect(hash(v2, 'C.m', 0)).toBe(hash(v1, 'C.m', 0));
    expect(hash(v2, 'f', 1)).not.toBe(hash(v1, 'f', 1));
  });

  test("a module's code hash is its own statements: a function body change does not touch it", async () => {
    const source = (body: string, constant = '1') =>
      `import os\n\nX = ${constant}\n\ndef f(a):\n    return ${body}\n\nclass C:\n    def m(self):\n        return 2\n`;
    const hashes = async (content: string) =>
      new Map(
        (await indexFile({ path: 'pkg/m.py', content })).objects.map((o) => [
          o.qualifiedName,
          o.codeHash,
        ]),
      );
    const before = await hashes(source('a + 1'));
    const body = await hashes(source('a + 2'));
    expect(body.get('f')).not.toBe(before.get('f'));
    expect(body.get('pkg.m')).toBe(before.get('pkg.m'));
    // the module's own statements still count
    const constant = await hashes(source('a + 1', '2'));
    expect(constant.get('pkg.m')).not.toBe(before.get('pkg.m'));
  });
});
