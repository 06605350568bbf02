import { describe, expect, test } from 'vitest';
import { generateDoc } from '../generate/docs.ts';
import { indexFile } from '../index-file.ts';
import type { CodeObject } from '../model.ts';
import { parseDocstring } from './docstring.ts';
import { cleandoc, stripCommentMarkers } from './strip.ts';
import { parseTaggedComment } from './tagged.ts';

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

const jsdoc = (comment: string) => parseTaggedComment(stripCommentMarkers(comment));

describe('issue 42: JSDoc tags read into their places', () => {
  test("visibility tags are the doc's visibility and the object's, never its description", async () => {
    for (const [tag, visibility] of [
      ['@api private', 'private'],
      ['@api public', 'public'],
      ['@private', 'private'],
      ['@public', 'public'],
      ['@protected', 'protected'],
      ['@internal', 'internal'],
      ['@access package', 'internal'],
    ] as const) {
      const doc = jsdoc(`/**\n * Reads a header.\n *\n * @param {String} name\n * ${tag}\n */`);
      expect(doc.visibility, tag).toBe(visibility);
      expect(doc.description, tag).toBe('');
      expect(doc.summary).toBe('Reads a header.');
    }
    // `@api` with a word that is no visibility stays as written
    expect(jsdoc('/** X.\n * @api stable */').description).toBe('@api stable');
    const objects = await objectsOf(
      'mail.js',
      [
        '/**\n * Reads a header.\n * @api private\n */',
        'function header(msg) { return msg; }',
        'class Queue {',
        '  /** Drops all. @private */',
        '  clear() {}',
        '}',
        'module.exports = { header, Queue };',
      ].join('\n'),
    );
    expect(objects.get('header')?.modifiers.visibility).toBe('private');
    expect(objects.get('Queue.clear')?.modifiers.visibility).toBe('private');
  });

  test('a visibility tag never widens what the code declares', async () => {
    const objects = await objectsOf(
      'queue.ts',
      'export class Queue {\n  /** Drops all. @public */\n  private clear(): void {}\n}',
    );
    expect(objects.get('Queue.clear')?.modifiers.visibility).toBe('private');
  });

  test('@return, @returns, @type, @typedef and @property', () => {
    expect(jsdoc('/**\n * Gets.\n * @return {Object} the value\n */').returns).toEqual({
      type: 'Object',
      description: 'the value',
    });
    expect(jsdoc('/** Gets. @returns {Promise<Array<string>>} the names */').returns).toEqual({
      type: 'Promise<Array<string>>',
      description: 'the names',
    });
    const typed = jsdoc('/** @type {number} How many messages a connection sends. @private */');
    expect(typed).toMatchObject({
      type: 'number',
      summary: 'How many messages a connection sends.',
      description: '',
      visibility: 'private',
    });
    const typedef = jsdoc(
      '/**\n * Settings.\n * @typedef {Object} MailerOptions\n * @property {string} host - the host\n * @property {number} [port] the port\n */',
    );
    expect(typedef).toMatchObject({
      summary: 'Settings.',
      type: 'Object',
      typedef: 'MailerOptions',
    });
    expect(typedef.properties).toEqual([
      { name: 'host', type: 'string', description: 'the host' },
      { name: 'port', type: 'number', description: 'the port' },
    ]);
    // shown where the generated doc shows text: a list in the description
    expect(typedef.description).toBe(
      '- `host` (`string`): the host\n- `port` (`number`): the port',
    );
  });

  test('indented code in the text is a fenced block; the raw text stays as written', () => {
    const comment =
      '/**\n * Reads a header.\n *\n * Examples:\n *\n *     header(msg, "Subject");\n *\n *     // => "Hello"\n *\n * - a list item\n *\n *     its second paragraph\n * @api private\n */';
    const doc = jsdoc(comment);
    expect(doc.description).toBe(
      'Examples:\n\n```\nheader(msg, "Subject");\n\n// => "Hello"\n```\n\n- a list item\n\n    its second paragraph',
    );
    expect(doc.text).toBe(stripCommentMarkers(comment));
    expect(doc.text).toContain('    header(msg, "Subject");');
    // tab-indented code keeps its inner tabs
    expect(parseTaggedComment('Runs.\n\nLike:\n\n\tif (x) {\n\t\ty();\n\t}').description).toBe(
      'Like:\n\n```\nif (x) {\n\ty();\n}\n```',
    );
    // a fenced block stays as written
    expect(jsdoc('/**\n * Sends.\n *\n * ```js\n *     send(x);\n * ```\n */').description).toBe(
      '```js\n    send(x);\n```',
    );
  });

  test('Javadoc indentation is HTML layout, not code', async () => {
    const objects = await objectsOf(
      'A.java',
      'class A {\n  /**\n   * Runs.\n   *\n   *     indented words\n   */\n  void run() {}\n}',
    );
    expect(objects.get('A.run')?.doc?.description).not.toContain('```');
  });
});

describe('issue 42: Go code blocks', () => {
  test('tab-indented lines of a // comment are a fenced code block, lists stay lists', async () => {
    const source = [
      'package mail',
      '',
      '// Send delivers one message.',
      '//',
      '// A caller keeps the client:',
      '//',
      '//	c := mail.New("smtp.example.com")',
      '//	if err := c.Send(m); err != nil {',
      '//		return err',
      '//	}',
      '//',
      '// It retries:',
      '//   - after a timeout',
      '//   - after [Reply] 421',
      'func Send(m string) error { return nil }',
    ].join('\n');
    const doc = (await objectsOf('mail.go', source)).get('Send')?.doc;
    expect(doc?.summary).toBe('Send delivers one message.');
    expect(doc?.description).toBe(
      [
        'A caller keeps the client:',
        '',
        '```',
        'c := mail.New("smtp.example.com")',
        'if err := c.Send(m); err != nil {',
        '\treturn err',
        '}',
        '```',
        '',
        'It retries:',
        '- after a timeout',
        '- after `Reply` 421',
      ].join('\n'),
    );
    // the text write-back keeps is what it was: the comment lines as stripCommentMarkers gives them
    expect(doc?.text).toBe(stripCommentMarkers(source.split('\n').slice(2, -1).join('\n')));
  });
});

describe('issue 42: Python docstrings', () => {
  test('two doctests after `::` paragraphs are both kept, in place, as code', () => {
    const text = cleandoc(`Constructs a session.

    Basic use::

      >>> import mailer
      >>> s = mailer.Session()

    Or as a context manager::

      >>> with mailer.Session() as s:
      ...     s.send('hi')
      <Reply [250]>
    `);
    const doc = parseDocstring(text);
    expect(doc.summary).toBe('Constructs a session.');
    expect(doc.description).toBe(
      [
        'Basic use:',
        '',
        '```',
        '>>> import mailer',
        '>>> s = mailer.Session()',
        '```',
        '',
        'Or as a context manager:',
        '',
        '```',
        '>>> with mailer.Session() as s:',
        "...     s.send('hi')",
        '<Reply [250]>',
        '```',
      ].join('\n'),
    );
    expect(doc.text).toBe(text);
  });

  test('a lone `::`, `Text ::` and a `.. code-block::` leave no marker behind', () => {
    expect(
      parseDocstring(
        'Turns pairs into a dict.\n\n::\n\n    >>> to_dict([(1, 2)])\n    {1: 2}\n\n:rtype: dict',
      ).description,
    ).toBe('```\n>>> to_dict([(1, 2)])\n{1: 2}\n```');
    expect(parseDocstring('Reads.\n\nThe format ::\n\n    key=value').description).toBe(
      'The format\n\n```\nkey=value\n```',
    );
    expect(
      parseDocstring('Reads.\n\n.. code-block:: ini\n   :linenos:\n\n   [section]\n   key = 1')
        .description,
    ).toBe('```ini\n[section]\nkey = 1\n```');
    // `::` with nothing indented below: the text keeps one colon
    expect(parseDocstring('Reads.\n\nLike this::\n\nMore.').description).toBe(
      'Like this:\n\nMore.',
    );
  });

  test('code blocks keep their blank lines; two bare doctests are two whole examples', () => {
    const doc = parseDocstring(
      'Parses.\n\nExample::\n\n    def a():\n        pass\n\n\n    def b():\n        pass\n\n>>> parse("x")\n\'x\'\n>>> parse("")\n\'\'\n\n>>> parse(None)\nTraceback (most recent call last):\n...\nTypeError: no text',
    );
    expect(doc.description).toBe(
      'Example:\n\n```\ndef a():\n    pass\n\n\ndef b():\n    pass\n```',
    );
    // (as write-back writes an example, so a written doc reads back the same)
    expect(doc.examples).toEqual([
      '>>> parse("x")\n\'x\'\n>>> parse("")\n\'\'',
      '>>> parse(None)\nTraceback (most recent call last):\n...\nTypeError: no text',
    ]);
    // in a Note, a doctest is part of the note's text
    expect(
      parseDocstring('Parses.\n\nNote:\n    Try it:\n\n    >>> parse("x")\n    \'x\'').description,
    ).toBe('Note:\n    Try it:\n\n```\n>>> parse("x")\n\'x\'\n```');
  });

  test('reST roles read as code spans, `~` showing the last component', () => {
    const doc = parseDocstring(
      'Sends with :meth:`~mailer.Session.send`, not :func:`send`.\n\nSee :py:class:`collections.OrderedDict`, :attr:`Session.timeout`, :mod:`json`, :exc:`ValueError`, :data:`DEFAULT`, :obj:`None`, :class:`the session <mailer.Session>`, :keyword:`with` and :pep:`8`.\n\n:param timeout: seconds, as :attr:`~Session.timeout`\n:raises ValueError: see :exc:`~errors.SendError`',
    );
    expect(doc.summary).toBe('Sends with `send`, not `send`.');
    expect(doc.description).toBe(
      'See `collections.OrderedDict`, `Session.timeout`, `json`, `ValueError`, `DEFAULT`, `None`, `the session`, `with` and PEP 8.',
    );
    expect(doc.params[0]?.description).toBe('seconds, as `timeout`');
    expect(doc.throws[0]?.description).toBe('see `SendError`');
    // code is left as written
    expect(parseDocstring('Runs.\n\n>>> run(":meth:`x`")').examples[0]).toContain(':meth:`x`');
    expect(parseDocstring('Runs::\n\n    run(":meth:`x`")').description).toContain(':meth:`x`');
  });

  test('a DEPRECATED: first sentence over two lines is the whole summary', () => {
    const doc = parseDocstring(
      'DEPRECATED: Use Session.send instead, which keeps the\nconnection open.\n\nSends one message.',
    );
    expect(doc.summary).toBe(
      'DEPRECATED: Use Session.send instead, which keeps the connection open.',
    );
    expect(doc.deprecated).toBe('Use Session.send instead, which keeps the connection open.');
    expect(doc.description).toBe('Sends one message.');
  });

  test('Annotated[T, Doc("…")] documents the parameter; types and signature drop the Doc', async () => {
    const source = [
      'from typing import Annotated',
      'from typing_extensions import Doc',
      'import annotated_doc',
      '',
      'def get(',
      '    path: Annotated[str, Doc("The URL path.")],',
      '    *,',
      '    status: Annotated[',
      '        int | None,',
      '        annotated_doc.Doc(',
      '            """',
      '            The status code.',
      '',
      '            Read by `app.get`.',
      '            """',
      '        ),',
      '    ] = None,',
      '    tags: Annotated[list[str], "meta", Doc("Tags, " "for the docs.")] = [],',
      '    name: str = "x",',
      '):',
      '    """Adds a GET route.',
      '',
      "    :param name: the route's name",
      '    :param path: documented here too',
      '    """',
      '',
      'def bare(key: Annotated[str, Doc("The key.")]): ...',
    ].join('\n');
    const objects = await objectsOf('routes.py', source);
    const get = objects.get('get')!;
    expect(get.parameters.map((p) => [p.name, p.type, p.description])).toEqual([
      ['path', 'str', 'The URL path.'],
      ['status', 'int | None', 'The status code.\n\nRead by `app.get`.'],
      ['tags', 'Annotated[list[str], "meta"]', 'Tags, for the docs.'],
      ['name', 'str', undefined],
    ]);
    expect(get.signature).not.toContain('Doc');
    expect(get.signature).toContain('status: int | None');
    // the docstring's model is the docstring's alone (what write-back compares and writes)
    expect(get.doc?.params).toEqual([
      { name: 'name', description: "the route's name" },
      { name: 'path', description: 'documented here too' },
    ]);
    // the generated doc reads both: the docstring's text first, else the signature's
    const generated = generateDoc(get);
    expect(generated.parameters.map((p) => [p.name, p.description])).toEqual([
      ['path', 'documented here too'],
      ['status', 'The status code.\n\nRead by `app.get`.'],
      ['tags', 'Tags, for the docs.'],
      ['name', "the route's name"],
    ]);
    expect(generated.fromComment).toEqual(
      expect.arrayContaining(['param:path', 'param:status', 'param:tags', 'param:name']),
    );
    // no docstring: no doc, the parameter still documented
    expect(objects.get('bare')?.doc).toBeUndefined();
    expect(objects.get('bare')?.parameters[0]?.description).toBe('The key.');
    expect(objects.get('bare')?.signature).toBe('def bare(key: str)');
  });
});
