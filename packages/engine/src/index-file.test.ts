import { describe, expect, test } from 'vitest';
import { indexFile } from './index-file.ts';

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
