import { describe, expect, test } from 'vitest';
import { parseDocstring } from './docstring.ts';
import { cleandoc, stripCommentMarkers } from './strip.ts';
import { parseTaggedComment } from './tagged.ts';
import { parseXmlDoc } from './xml.ts';

describe('doc comment parsing', () => {
  test('JSDoc/TSDoc tags become params, returns, throws, examples, deprecated and see', () => {
    const doc = parseTaggedComment(
      stripCommentMarkers(`/**
       * Sums numbers.
       *
       * Longer text.
       * @param {number} a - the first
       * @param b the second
       * @returns {number} the sum
       * @throws {RangeError} when too big
       * @example
       *   sum(1, 2)
       * @deprecated use add
       * @see add
       */`),
    );
    expect(doc.summary).toBe('Sums numbers.');
    expect(doc.description).toBe('Longer text.');
    expect(doc.params).toEqual([
      { name: 'a', type: 'number', description: 'the first' },
      { name: 'b', description: 'the second' },
    ]);
    expect(doc.returns).toEqual({ type: 'number', description: 'the sum' });
    expect(doc.throws).toEqual([{ type: 'RangeError', description: 'when too big' }]);
    expect(doc.examples).toEqual(['sum(1, 2)']);
    expect(doc.deprecated).toBe('use add');
    expect(doc.see).toEqual(['add']);
  });

  test('Google, NumPy and Sphinx docstrings', () => {
    const google = parseDocstring(
      'Fetch rows.\n\nArgs:\n    table (str): The table.\n    keys: Row keys,\n        several.\n\nReturns:\n    dict: Rows.\n\nRaises:\n    IOError: On failure.',
    );
    expect(google.params).toEqual([
      { name: 'table', type: 'str', description: 'The table.' },
      { name: 'keys', description: 'Row keys, several.' },
    ]);
    expect(google.returns?.description).toContain('Rows.');
    expect(google.throws).toEqual([{ type: 'IOError', description: 'On failure.' }]);
    const numpy = parseDocstring('Sum.\n\nParameters\n----------\nx : int\n    First.\n');
    expect(numpy.params[0]).toMatchObject({ name: 'x', type: 'int' });
    const sphinx = parseDocstring(
      'Open.\n\n:param str path: where\n:returns: a handle\n:raises OSError: if missing',
    );
    expect(sphinx.params).toEqual([{ name: 'path', type: 'str', description: 'where' }]);
    expect(sphinx.throws[0]?.type).toBe('OSError');
  });

  test('cleandoc behaves like inspect.cleandoc', () => {
    expect(cleandoc('  Summary.\n\n    Body\n      indented\n    ')).toBe(
      'Summary.\n\nBody\n  indented',
    );
    expect(cleandoc('Trailing.\n        ')).toBe('Trailing.\n        ');
  });

  test('C# XML documentation', () => {
    const doc = parseXmlDoc(
      '<summary>Adds.</summary>\n<param name="a">First.</param>\n<returns>Sum.</returns>\n<exception cref="OverflowException">Big.</exception>',
    );
    expect(doc.summary).toBe('Adds.');
    expect(doc.params).toEqual([{ name: 'a', description: 'First.' }]);
    expect(doc.throws).toEqual([{ type: 'OverflowException', description: 'Big.' }]);
  });
});

/**
 * stripCommentMarkers as it was written with regular expressions, line by line: the
 * specification the character-by-character version must match exactly.
 */
function stripByPatterns(raw: string): string {
  const lines: string[] = [];
  let inBlock = false;
  for (const part of raw.split('\n')) {
    let line = part;
    if (!inBlock && /^\s*\/\*/.test(line)) {
      inBlock = true;
      line = line.replace(/^\s*\/\*(?:\*(?!\/))*!?/, '');
    }
    if (inBlock) {
      line = /^\s*\*\*(?=\s|$)/.test(line)
        ? line.replace(/^\s*\*\*/, '')
        : line.replace(/^\s*\*(?![*/])/, '');
      line = line.replace(/^\s*\*{2,}\s*$/, '');
      if (/\*\/\s*$/.test(line)) {
        line = line.replace(/\**\*\/\s*$/, '');
        inBlock = false;
      }
    } else line = line.replace(/^\s*(\/\/[/!]?|#+|--+|\*(?!\*))/, '');
    lines.push(line);
  }
  let indent = Infinity;
  for (const line of lines) {
    if (!line.trim()) continue;
    indent = Math.min(indent, line.length - line.trimStart().length);
  }
  const dedented = Number.isFinite(indent)
    ? lines.map((line) => line.slice(indent).trimEnd())
    : lines.map(() => '');
  return dedented.join('\n').trim();
}

describe('comment markers', () => {
  test('stripped exactly as the line patterns strip them, on every mix of markers and spaces', () => {
    const pieces = [
      ...['/*', '/**', '/*!', '*/', '**/', '/*/', '*', '**', '***', '/', '!'],
      ...['//', '///', '//!', '#', '##', '--', '---', '-', '@param x', 'text', 'a'],
      ...[' ', '  ', '\t', '\n', '\n', '\r\n', '\u00a0', '\u2028', '\ufeff', '\u3000', '\u2003'],
    ];
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    const differing: string[] = [];
    for (let i = 0; i < 40_000 && differing.length < 5; i++) {
      let raw = '';
      for (let j = 1 + next(16); j > 0; j--) raw += pieces[next(pieces.length)];
      if (stripCommentMarkers(raw) !== stripByPatterns(raw)) differing.push(raw);
    }
    expect(differing).toEqual([]);
  });

  test('banners, SQLite-style decorations and closing stars', () => {
    const cases = [
      '/*******\n * Banner text\n *******/',
      '/*\n** SQLite style\n** * a bullet\n*/',
      '/** one line **/',
      '/*****/',
      '  // a\n  //! b\n  /// c',
      '# shell\n## heading',
      '-- sql\n--- more',
    ];
    for (const raw of cases) expect(stripCommentMarkers(raw)).toBe(stripByPatterns(raw));
    expect(stripCommentMarkers('/*******\n * Banner text\n *******/')).toBe('Banner text');
  });
});
