import { describe, expect, test } from 'vitest';
import { evaluate } from './c-condition.ts';
import { settleConditionals } from './c-conditionals.ts';

/** The lines of a result that still hold code, trimmed. */
const kept = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

describe('settling C conditionals for the grammar', () => {
  test('every offset stays: only spaces replace what goes', () => {
    const source = '#ifdef __cplusplus\nextern "C" {\n#endif\nint f(void);\n';
    const settled = settleConditionals(source, 'c');
    expect(settled).toHaveLength(source.length);
    expect(settled.split('\n').length).toBe(source.split('\n').length);
  });

  test('a C file never sees the __cplusplus branch; a C++ file keeps it as plain code', () => {
    const source =
      '#ifdef __cplusplus\nextern "C" {\n#endif\nint f(void);\n#ifdef __cplusplus\n}\n#endif\n';
    expect(kept(settleConditionals(source, 'c'))).toEqual(['int f(void);']);
    expect(kept(settleConditionals(source, 'cpp'))).toEqual(['extern "C" {', 'int f(void);', '}']);
  });

  test('#if 0 goes, its #else stays', () => {
    const source = '#if 0\nint old(void);\n#else\nint now(void);\n#endif\n';
    expect(kept(settleConditionals(source, 'c'))).toEqual(['int now(void);']);
  });

  test('branches that open what the others do not: the one a build with no options takes', () => {
    const source = [
      '#ifdef LEGACY',
      'static int hash(const char *z)',
      '#else',
      'static int hash(const char *z, int seed)',
      '#endif',
      '{ return 0; }',
    ].join('\n');
    expect(kept(settleConditionals(source, 'c'))).toEqual([
      'static int hash(const char *z, int seed)',
      '{ return 0; }',
    ]);
  });

  test('a conditional inside a declaration is settled; one between declarations is not', () => {
    const inside =
      'static int x\n#if defined(DEBUG)\n  __attribute__((aligned(8)))\n#endif\n  = 1;\n';
    expect(kept(settleConditionals(inside, 'c'))).toEqual(['static int x', '= 1;']);
    const between = '#ifdef THREADS\nvoid lock(void);\n#endif\nvoid run(void);\n';
    expect(settleConditionals(between, 'c')).toBe(between);
  });

  test('macros defined as nothing or as a keyword read as what they stand for', () => {
    const source =
      '#define API\n#define PRIVATE static\nAPI int open(void);\nPRIVATE int hash(void);\n';
    const settled = settleConditionals(source, 'c');
    expect(kept(settled).slice(2)).toEqual(['int open(void);', 'static  int hash(void);']);
    expect(settled).toHaveLength(source.length);
  });

  test('comments and strings are left alone', () => {
    const source = '#define API\n/* API docs: #if 0 */\nconst char *s = "API {";\n';
    expect(settleConditionals(source, 'c')).toBe(source);
  });
});

describe('reading an #if condition with every macro undefined', () => {
  test.each([
    ['defined(DEBUG)', 0],
    ['!defined(DEBUG)', 1],
    ['MAX_SIZE>0', 0],
    ['!defined(A) || defined(B)', 1],
    ['defined(A) && B', 0],
    ['VERSION >= 3', 0],
    ['HAS(feature)', undefined],
  ])('%s', (condition, value) => {
    expect(evaluate(condition)).toBe(value);
  });
});
