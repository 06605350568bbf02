import { describe, expect, test } from 'vitest';
import { indexFile } from './index-file.ts';
import { codeHash } from './identity.ts';

describe('indexFile', () => {
  test('lists binary and unknown files without parsing them', async () => {
    expect(
      (await indexFile({ path: 'logo.png', content: new Uint8Array([137, 80, 78, 71, 0, 1]) }))
        .status,
    ).toBe('binary');
    const unknown = await indexFile({ path: 'notes.txt', content: 'hello' });
    expect(unknown.status).toBe('unknown-language');
    expect(unknown.language).toBeNull();
  });

  test('a syntax error yields a diagnostic and whatever could still be read', async () => {
    const file = await indexFile({
      path: 'broken.py',
      content: 'def ok(a):\n    pass\n\ndef broken(:\n    pass\n\nclass After:\n    pass\n',
    });
    expect(file.status).toBe('parsed');
    expect(file.diagnostics.some((d) => d.severity === 'error')).toBe(true);
    expect(file.objects.map((o) => o.name)).toEqual(expect.arrayContaining(['ok', 'After']));
  });

  test('a parse that outlasts its time budget stops with a diagnostic, and the file stays listed', async () => {
    // large enough that tree-sitter asks for progress many times over (the clock is read at
    // every 64th ask): with no time at all, the parse must stop
    const content = Array.from(
      { length: 4000 },
      (_, i) => `def f${i}(a, b=[1, 2, {"k": (3, 4)}]):\n    return [x * b for x in a if x]\n`,
    ).join('');
    const stopped = await indexFile({ path: 'big.py', content }, { parseTimeoutMs: 0 });
    expect(stopped.status).toBe('parsed');
    expect(stopped.objects).toEqual([]);
    expect(stopped.diagnostics).toContainEqual(
      expect.objectContaining({
        severity: 'error',
        message: 'Parsing took too long and was stopped.',
      }),
    );
    // the default budget reads it all
    const read = await indexFile({ path: 'big.py', content });
    expect(read.objects.filter((o) => o.kind === 'function')).toHaveLength(4000);
    expect(read.diagnostics).toEqual([]);
  });

  test('CRLF line endings and a BOM do not shift lines or leak into docs', async () => {
    const text =
      '\uFEFF/** Adds.\r\n * @param a first\r\n */\r\nexport function add(a: number) {\r\n  return a;\r\n}\r\n';
    const file = await indexFile({ path: 'a.ts', content: new TextEncoder().encode(text) });
    const add = file.objects[0]!;
    expect(add.range.startLine).toBe(4);
    expect(add.doc?.summary).toBe('Adds.');
    expect(add.doc?.params).toEqual([{ name: 'a', description: 'first' }]);
  });

  test('bytes that are not UTF-8 are read as Latin-1 with a warning', async () => {
    const bytes = new Uint8Array([
      ...new TextEncoder().encode('def caf'),
      0xe9,
      ...new TextEncoder().encode('():\n    pass\n'),
    ]);
    const file = await indexFile({ path: 'latin.py', content: bytes });
    expect(file.diagnostics[0]?.severity).toBe('warning');
    expect(file.objects.find((o) => o.kind === 'function')?.name).toBe('café');
  });

  test('results do not depend on which files were indexed before (per-tree node caches)', async () => {
    const a = {
      path: 'a.ts',
      content: 'export class A {\n  @d m(x?: T) {}\n}\nexport default function () {}\n',
    };
    const b = {
      path: 'b.ts',
      content:
        'const o = { m() {} };\nexport const k: K = 1;\nexport default class extends Base {}\n',
    };
    const alone = await indexFile(b);
    await indexFile(a);
    expect(await indexFile(b)).toEqual(alone);
  });

  test('a 5 MB generated file is parsed completely', async () => {
    const chunk = (i: number) => `def f${i}(a, b=${i}):\n    """Doc ${i}."""\n    return a + b\n\n`;
    let text = '';
    let i = 0;
    while (text.length < 5 * 1024 * 1024) text += chunk(i++);
    const file = await indexFile({ path: 'big.py', content: text });
    expect(file.objects.filter((o) => o.kind === 'function')).toHaveLength(i);
    expect(file.objects[i]?.doc?.summary).toBe(`Doc ${i - 1}.`);
  });
});

test('a container hashes its own code: a member body change leaves the class unchanged', async () => {
  const v1 = 'class A {\n  run(x: number) {\n    return x;\n  }\n  other() {}\n}\n';
  const body = v1.replace('return x;', 'return x + 1;');
  const signature = v1.replace('run(x: number)', 'run(x: number, y = 2)');
  const hashes = async (source: string) =>
    new Map(
      (await indexFile({ path: 'a.ts', content: source })).objects.map((o) => [
        o.qualifiedName,
        o.codeHash,
      ]),
    );
  const [before, afterBody, afterSignature] = (await Promise.all(
    [v1, body, signature].map(hashes),
  )) as [Map<string, string>, Map<string, string>, Map<string, string>];
  expect(afterBody.get('A')).toBe(before.get('A'));
  expect(afterBody.get('A.other')).toBe(before.get('A.other'));
  expect(afterBody.get('A.run')).not.toBe(before.get('A.run'));
  expect(afterSignature.get('A')).not.toBe(before.get('A'));
});

test('comments and docstrings are not code: editing them keeps every hash, code changes do not', async () => {
  const hashes = async (path: string, source: string) =>
    new Map(
      (await indexFile({ path, content: source })).objects.map((o) => [
        o.qualifiedName,
        [o.codeHash, o.legacyCodeHash],
      ]),
    );
  const py = 'class A:\n    def run(self, x):\n        return x\n';
  const pyDocs =
    '"""Module."""\n\n\nclass A:\n    """An A."""\n\n    # the one method\n    def run(self, x):\n        """Run it.\n\n        Args:\n            x: what.\n        """\n        return x  # as is\n';
  const ts = 'export class A {\n  run(x: number) {\n    return x;\n  }\n}\n';
  const tsDocs =
    '/** An A. */\nexport class A {\n  /**\n   * Run it.\n   * @param x what\n   */\n  run(x: number) {\n    // as is\n    return /* x */ x;\n  }\n}\n';
  for (const [path, plain, documented, code] of [
    ['a.py', py, pyDocs, 'return x  #'],
    ['a.ts', ts, tsDocs, ' x;\n'],
  ] as const) {
    const before = await hashes(path, plain);
    const after = await hashes(path, documented);
    for (const [name, [hash, legacy]] of before) {
      expect(after.get(name)?.[0], `${path} ${name}`).toBe(hash);
      // nothing to mask in the plain file: no legacy hash
      expect(legacy).toBeUndefined();
    }
    // the documented file's objects carry the hash older engines gave them (comments included)
    expect([...after.values()].some(([, legacy]) => legacy !== undefined)).toBe(true);
    expect(documented).toContain(code);
    const changed = await hashes(path, documented.replace(code, code.replace('x', 'x + 1')));
    expect(changed.get('A.run')?.[0]).not.toBe(before.get('A.run')?.[0]);
  }
});

test('a legacy hash is the hash of the code as written, comments included', async () => {
  const source = 'def f(a):\n    """Doc."""\n    return a  # same\n';
  const f = (await indexFile({ path: 'f.py', content: source })).objects.find(
    (o) => o.kind === 'function',
  );
  expect(f?.legacyCodeHash).toBe(codeHash(source.trimEnd()));
  expect(f?.codeHash).toBe(codeHash('def f(a):\n    return a\n'));
});
