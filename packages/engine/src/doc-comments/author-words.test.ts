import { describe, expect, test } from 'vitest';
import { indexFile } from '../index-file.ts';
import type { CodeObject } from '../model.ts';

// Issue 42, point 3: every word the author wrote, read right. Each shape is also a fixture
// (test/fixtures/<language>/…), where the whole model can be read.

async function objectsOf(path: string, content: string): Promise<Map<string, CodeObject>> {
  const file = await indexFile({ path, content });
  return new Map(file.objects.map((o) => [o.qualifiedName, o]));
}

describe('issue 42: comments the converters used to miss', () => {
  test('Rust: `///` docs above an attribute line ending with a `//` comment reach the item', async () => {
    const objects = await objectsOf(
      'reply.rs',
      [
        '/// A reply code.',
        '#[derive(Debug)] // by value',
        'pub struct Reply(u16);',
        '',
        '/// Whether it succeeded.',
        '#[inline] // hot',
        '#[must_use]',
        'pub fn is_ok(r: Reply) -> bool { r.0 < 400 }',
      ].join('\n'),
    );
    expect(objects.get('Reply')?.doc?.summary).toBe('A reply code.');
    expect(objects.get('is_ok')?.doc?.summary).toBe('Whether it succeeded.');
  });

  test('C: a comment block right after a `#define` line documents the declaration below it', async () => {
    // Doxygen attaches a block to what follows it (only `/**<` looks back); macros are no
    // objects here, so the line above never claims it
    const objects = await objectsOf(
      'dict.c',
      [
        '#define DICT_OK 0',
        '/* Frees the dictionary. */',
        'void dictRelease(dict *d);',
        '#define DICT_ERR 1 /* failed */',
        'void dictClear(dict *d);',
      ].join('\n'),
    );
    expect(objects.get('dictRelease')?.doc?.summary).toBe('Frees the dictionary.');
    // a comment trailing the `#define` line is the macro's, not the next function's
    expect(objects.get('dictClear')?.doc).toBeUndefined();
  });

  test('C: a function-type parameter written without `*` is named and typed', async () => {
    const objects = await objectsOf(
      'dict.c',
      'void dictEmpty(dict *d, void(callback)(dict*), int (*cmp)(const void *, const void *));',
    );
    expect(objects.get('dictEmpty')?.parameters.map((p) => [p.name, p.type])).toEqual([
      ['d', 'dict *'],
      ['callback', 'void(dict*)'],
      ['cmp', 'int (*)(const void *, const void *)'],
    ]);
  });
});
