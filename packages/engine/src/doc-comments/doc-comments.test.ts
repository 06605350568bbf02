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
