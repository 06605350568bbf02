import { describe, expect, test } from 'vitest';
import { callExamples, statementAt } from './examples.ts';
import { short } from './tree.ts';

describe('statementAt: the whole statement a call sits in', () => {
  test('a statement inside a block, and one spanning lines', () => {
    const ts = 'export function check(): number {\n  return add(1, 2);\n}\n';
    expect(statementAt(ts, 2, 'add', 'typescript')).toEqual({
      code: 'return add(1, 2);',
      args: ['1', '2'],
    });
    const py =
      'def test_age():\n    assert get_age(\n        12,\n        default=3,\n    ) == 12\n';
    expect(statementAt(py, 2, 'get_age', 'python')?.code).toBe(
      'assert get_age(\n    12,\n    default=3,\n) == 12',
    );
  });

  test('a header or a fragment gives the call expression alone; a callback spans its lines', () => {
    expect(statementAt('if is_ready(app, 3):\n    run()\n', 1, 'is_ready', 'python')?.code).toBe(
      'is_ready(app, 3)',
    );
    const ternary = 'const timer =\n  kind === "raf"\n    ? makeTimer(10)\n    : null;\n';
    expect(statementAt(ternary, 3, 'makeTimer', 'typescript')?.code).toBe('makeTimer(10)');
    expect(
      statementAt('describe("x", () => {\n  it("y", () => {});\n});\n', 1, 'describe', 'typescript')
        ?.code,
    ).toBe('describe("x", () => {\n  it("y", () => {});\n});');
  });

  test('issue 42: a call inside a one-line method body is the call alone, not the method', () => {
    const java =
      'class OopMap {\n  public OopMap()   { setValue((short) 0); setReg(new Reg(0)); }\n}\n';
    expect(statementAt(java, 2, 'setValue', 'java')).toEqual({
      code: 'setValue((short) 0)',
      args: ['(short) 0'],
    });
  });

  test('a definition of the same name is no call', () => {
    expect(statementAt('  ref () : Info {\n    return this;\n  }\n', 1, 'ref', 'typescript')).toBe(
      undefined,
    );
    expect(statementAt('def ref(x):\n    pass\n', 1, 'ref', 'python')).toBe(undefined);
  });

  test('examples come from resolved call edges only, tests first', () => {
    const sources: Record<string, string> = {
      'src/app.ts': 'run(1);\n',
      'test/app.test.ts': 'run(2);\nother.run(3);\n',
    };
    const refs = [
      {
        kind: 'call' as const,
        fromFile: 'src/app.ts',
        toId: 'R',
        name: 'run',
        line: 1,
        snippet: '',
      },
      {
        kind: 'call' as const,
        fromFile: 'test/app.test.ts',
        toId: 'R',
        name: 'run',
        line: 1,
        snippet: '',
      },
      // unresolved: a receiver of unknown type is never taken as a call of this object
      { kind: 'call' as const, fromFile: 'test/app.test.ts', name: 'run', line: 2, snippet: '' },
    ];
    expect(
      callExamples(refs, 'R', 'run', (p) => sources[p], 'typescript').map((e) => [e.code, e.path]),
    ).toEqual([
      ['run(2);', 'test/app.test.ts'],
      ['run(1);', 'src/app.ts'],
    ]);
  });
});

describe('code quoted in prose', () => {
  test('issue 42: whitespace inside string literals stays as written', () => {
    expect(short('s.startsWith(" ")  ||\n   s.contains("  ")')).toBe(
      's.startsWith(" ") || s.contains("  ")',
    );
    expect(short("a\t&&  b == 'x  y'")).toBe("a && b == 'x  y'");
  });
});
