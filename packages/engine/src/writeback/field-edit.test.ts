import { describe, expect, test } from 'vitest';
import { indexFile } from '../index-file.ts';
import { unifiedPatch } from './patch.ts';
import { writeDocs, type WriteOptions } from './write-file.ts';

/** Writes `fields` (and `additions`) for the object named `name` and returns what changed. */
async function edit(
  path: string,
  source: string,
  name: string,
  fields: Record<string, string>,
  options: WriteOptions & { additions?: Record<string, string> } = {},
) {
  const index = await indexFile({ path, content: source });
  const object = index.objects.find((o) => o.qualifiedName === name);
  if (!object)
    throw new Error(`no ${name} in ${index.objects.map((o) => o.qualifiedName).join(', ')}`);
  const result = writeDocs(
    source,
    index,
    [
      {
        objectId: object.id,
        fields: new Map(Object.entries(fields)),
        additions: new Map(Object.entries(options.additions ?? {})),
      },
    ],
    options,
  );
  const patch = unifiedPatch([{ path, before: source, after: result.text }]);
  const body = patch.split('\n').filter((l) => /^[-+](?![-+]{2} )/.test(l));
  const reread = await indexFile({ path, content: result.text });
  return {
    text: result.text,
    skipped: result.skipped,
    removed: body.filter((l) => l.startsWith('-')).map((l) => l.slice(1)),
    added: body.filter((l) => l.startsWith('+')).map((l) => l.slice(1)),
    doc: reread.objects.find((o) => o.qualifiedName === name)?.doc,
    before: object.doc,
  };
}

const widest = (lines: string[]) => Math.max(...lines.map((l) => l.replace(/\t/g, '    ').length));

// requests' utils.py, in its shapes: reST fields with `:rtype:`, a `::` literal block holding a
// doctest, multi-line `:returns:` inside an indented docstring, summaries wrapped at 72
const REQUESTS_SHAPE = `class Session:
    def from_key_val_list(self, value, strict=False):
        """Take an object and test to see if it can be represented as a
        dictionary. Unless it can not be represented as such, return an
        OrderedDict, e.g.,

        ::

            >>> from_key_val_list([('key', 'val')])
            OrderedDict([('key', 'val')])
            >>> from_key_val_list('string')
            Traceback (most recent call last):
            ...
            ValueError: cannot encode objects that are not 2-tuples

        :param value: the object to look at, a list of pairs or a mapping
            of keys to values.
        :param strict: whether to refuse what is not a pair.
        :returns: an ordered mapping of the pairs, in the order they came
            in, or None when there is no value.
        :rtype: OrderedDict
        """
        return value

    def get_unicode_from_response(self, r):
        """Returns the requested content back in unicode.

        :param r: Response object to get unicode content from.
        :rtype: str
        """
        return r
`;

describe('an edit changes only its field’s lines', () => {
  test('a reST summary: the wrapped summary rewritten at the docstring’s width, :rtype:, the literal block and the fields kept', async () => {
    const out = await edit('utils.py', REQUESTS_SHAPE, 'Session.from_key_val_list', {
      summary:
        'Take an object and see whether it can be represented as a dictionary, and return it as an ordered mapping.',
    });
    expect(out.skipped).toEqual([]);
    expect(out.removed).toEqual([
      '        """Take an object and test to see if it can be represented as a',
      '        dictionary. Unless it can not be represented as such, return an',
      '        OrderedDict, e.g.,',
    ]);
    expect(out.added[0]).toMatch(/^ {8}"""Take an object/);
    expect(out.added.slice(1).every((l) => /^ {8}\S/.test(l))).toBe(true);
    expect(widest(out.added)).toBeLessThanOrEqual(widest(out.removed));
    expect(out.added.every((l) => l === l.trimEnd())).toBe(true);
    expect(out.text).toContain('        :rtype: OrderedDict\n');
    expect(out.text).toContain("            >>> from_key_val_list([('key', 'val')])\n");
    expect(out.doc?.returns).toEqual(out.before?.returns);
    expect(out.doc?.params).toEqual(out.before?.params);
  });

  test('one summary of a fully documented function: its :rtype: stays, no empty :returns: appears', async () => {
    const out = await edit('utils.py', REQUESTS_SHAPE, 'Session.get_unicode_from_response', {
      summary: 'Returns the content of a response as text.',
      returns: '',
    });
    expect(out.removed).toEqual(['        """Returns the requested content back in unicode.']);
    expect(out.added).toEqual(['        """Returns the content of a response as text.']);
    expect(out.text).not.toMatch(/:returns:\s*$/m);
  });

  test('a multi-line :returns: refilled with its continuation indented under the field', async () => {
    const out = await edit('utils.py', REQUESTS_SHAPE, 'Session.from_key_val_list', {
      returns:
        'the pairs as an ordered mapping, in the order the caller gave them, or None when the value is None.',
    });
    expect(out.removed).toEqual([
      '        :returns: an ordered mapping of the pairs, in the order they came',
      '            in, or None when there is no value.',
    ]);
    expect(out.added[0]).toMatch(/^ {8}:returns: the pairs/);
    expect(out.added.length).toBeGreaterThan(1);
    for (const line of out.added.slice(1)) expect(line).toMatch(/^ {12}\S/);
    expect(out.doc?.returns?.description).toBe(
      'the pairs as an ordered mapping, in the order the caller gave them, or None when the value is None.',
    );
  });

  test('a parameter the docstring lacks goes in after the ones before it, as a field of its own', async () => {
    const source = REQUESTS_SHAPE.replace(
      '        :param strict: whether to refuse what is not a pair.\n',
      '',
    );
    const out = await edit('utils.py', source, 'Session.from_key_val_list', {
      'param:strict': 'Whether to refuse what is not a pair.',
    });
    expect(out.removed).toEqual([]);
    expect(out.added).toEqual(['        :param strict: Whether to refuse what is not a pair.']);
    expect(out.text).toMatch(/of keys to values\.\n {8}:param strict: Whether/);
  });

  // gin's Context.Bind: a doc with tab-indented code lines that `go doc` shows as code
  const GIN_SHAPE = `package gin

// Bind checks the Method and Content-Type to select a binding engine automatically,
// Depending on the "Content-Type" header different bindings are used, for example:
//
//	"application/json" --> JSON binding
//	"application/xml"  --> XML binding
//
// It parses the request's body as JSON if Content-Type == "application/json" using JSON or XML as a JSON input.
// It decodes the json payload into the struct specified as a pointer.
func (c *Context) Bind(obj any) error {
	return nil
}
`;

  test('Go: a summary edit leaves the tab-indented code lines and the other paragraphs alone', async () => {
    const out = await edit('context.go', GIN_SHAPE, 'Context.Bind', {
      summary: 'Bind picks a binding engine from the request’s method and Content-Type.',
    });
    expect(out.skipped).toEqual([]);
    expect(out.text).toContain('//\t"application/json" --> JSON binding\n');
    expect(out.text).toContain('//\t"application/xml"  --> XML binding\n');
    expect(out.removed).toHaveLength(2);
    expect(out.added[0]).toBe(
      '// Bind picks a binding engine from the request’s method and Content-Type.',
    );
    // the first paragraph is one sentence, the summary: the paragraphs after it stay
    expect(out.doc?.description).toBe(out.before?.description);
    expect(out.added.every((l) => l === l.trimEnd())).toBe(true);
    expect(out.doc?.summary).toBe(
      'Bind picks a binding engine from the request’s method and Content-Type.',
    );
  });

  // a JDK-style Javadoc: HTML paragraphs, a <pre> block, @throws
  const JAVADOC_SHAPE = `package p;

public class Lists {
    /**
     * Returns the element at the specified position in this list.
     *
     * <p>This implementation first gets a list iterator pointing to the
     * indexed element (with {@code listIterator(index)}).
     * <pre>{@code
     *     E e = list.get(0);
     * }</pre>
     *
     * @param index index of the element to return
     * @return the element at the specified position in this list
     * @throws IndexOutOfBoundsException if the index is out of range
     *         ({@code index < 0 || index >= size()})
     */
    public E get(int index) {
        return null;
    }
}
`;

  test('Javadoc: a @param edit changes its lines only; the HTML, <pre> and @throws stay', async () => {
    const out = await edit('Lists.java', JAVADOC_SHAPE, 'Lists.get', {
      'param:index': 'the position of the element to return, counted from zero',
    });
    expect(out.removed).toEqual(['     * @param index index of the element to return']);
    // filled to the comment's own width, the continuation indented as its @throws' is
    expect(out.added).toEqual([
      '     * @param index the position of the element to return, counted from',
      '     *         zero',
    ]);
    expect(widest(out.added)).toBeLessThanOrEqual(
      widest(JAVADOC_SHAPE.split('\n').filter((l) => l.startsWith('     *'))),
    );
  });

  test('Javadoc: a new @throws entry goes after the author’s, whose lines stay', async () => {
    const out = await edit('Lists.java', JAVADOC_SHAPE, 'Lists.get', {
      throws:
        '- `IndexOutOfBoundsException`: if the index is out of range ({@code index < 0 || index >= size()})\n- `IllegalStateException`: when the list is closed',
    });
    expect(out.removed).toEqual([]);
    expect(out.added).toEqual(['     * @throws IllegalStateException when the list is closed']);
  });

  test('a one-line JSDoc that gains a @param opens up into a block', async () => {
    const source = 'export class A {\n  /** Old words. */\n  f(x: number): void {}\n}\n';
    const out = await edit('a.ts', source, 'A.f', { 'param:x': 'The amount.' });
    expect(out.text).toBe(
      'export class A {\n  /**\n   * Old words.\n   *\n   * @param x - The amount.\n   */\n  f(x: number): void {}\n}\n',
    );
  });

  test('Google: a missing Args item goes in at its place in the signature, the others kept', async () => {
    const source = `def f(a, b, c):
    """Sum three numbers.

    Args:
        a: The first, which may be negative and then
            counts down.
        c: The third.

    Returns:
        int: the sum.
    """
    return a + b + c
`;
    const out = await edit('sums.py', source, 'f', { 'param:b': 'The second.' });
    expect(out.removed).toEqual([]);
    expect(out.added).toEqual(['        b: The second.']);
    expect(out.text).toMatch(/counts down\.\n {8}b: The second\.\n {8}c: The third\./);
    expect(out.text).toContain('        int: the sum.\n');
  });

  test('a one-quote docstring stays one line, and takes three quotes when it grows', async () => {
    const source =
      'def is_elf(filename):\n    "Return True if the given file is an ELF file"\n    return filename\n';
    const summary = await edit('elf.py', source, 'is_elf', { summary: 'Whether a file is ELF.' });
    expect(summary.added).toEqual(['    "Whether a file is ELF."']);
    const param = await edit('elf.py', source, 'is_elf', {
      'param:filename': 'The file to look at.',
    });
    expect(param.text).toBe(
      'def is_elf(filename):\n    """Return True if the given file is an ELF file\n\n    Args:\n        filename: The file to look at.\n    """\n    return filename\n',
    );
  });

  test('CRLF files keep CRLF on the lines an edit writes', async () => {
    const source = 'class A {\r\n  /**\r\n   * Old.\r\n   */\r\n  f(): void {}\r\n}\r\n';
    const out = await edit('a.ts', source, 'A.f', { summary: 'New words.' });
    expect(out.text).toBe(
      'class A {\r\n  /**\r\n   * New words.\r\n   */\r\n  f(): void {}\r\n}\r\n',
    );
  });
});

describe('accepted generated fields are additions only', () => {
  const source = `def load(path, strict=False):
    """Read a file.

    :param path: where the file is.
    :returns: the text, as the author put it.
    :rtype: str
    """
    return path
`;

  test('written only where the author wrote none; the author’s text is never replaced', async () => {
    const out = await edit(
      'io.py',
      source,
      'load',
      {},
      {
        additions: {
          summary: 'Loads the file at a path.',
          returns: 'The file’s text.',
          'param:path': 'The path of the file.',
          'param:strict': 'Whether to refuse text that is not UTF-8.',
        },
      },
    );
    expect(out.removed).toEqual([]);
    expect(out.added).toEqual(['    :param strict: Whether to refuse text that is not UTF-8.']);
    expect(out.doc?.summary).toBe('Read a file.');
    expect(out.doc?.returns?.description).toBe('the text, as the author put it.');
  });

  test('an empty field is never written, a value the comment already says is no change', async () => {
    const out = await edit(
      'io.py',
      source,
      'load',
      { returns: '  ', summary: 'Read a file.' },
      {
        additions: { description: '', 'param:strict': '' },
      },
    );
    expect(out.text).toBe(source);
  });
});

describe('a new comment follows the file’s own convention', () => {
  test('JSDoc without TSDoc’s hyphen where the file’s @param lines have none', async () => {
    const source = `/**
 * Adds.
 * @param {number} a the first
 * @param {number} b the second
 */
function add(a, b) {
  return a + b;
}

function twice(n) {
  return add(n, n);
}
`;
    const out = await edit('add.js', source, 'twice', {
      summary: 'Doubles a number.',
      'param:n': 'The number.',
    });
    expect(out.added).toEqual([
      '/**',
      ' * Doubles a number.',
      ' *',
      ' * @param n The number.',
      ' */',
    ]);
  });
});
