import { describe, expect, test } from 'vitest';
import { parseDocstring } from './docstring.ts';
import { htmlToMarkdown } from './html.ts';
import { cleandoc, stripCommentMarkers } from './strip.ts';
import { parseTaggedComment } from './tagged.ts';
import { parseMarkdownDoc, parseXmlDoc } from './xml.ts';

// Each convention read whole, in the shapes real projects write them.
describe('Python docstrings', () => {
  test('Sphinx fields over several lines are read whole (the flask shape)', () => {
    const doc = parseDocstring(
      cleandoc(`Register a rule for routing incoming requests and building
        URLs.

        :param rule: The URL rule string.
        :param endpoint: The endpoint name to associate with the rule
            and view function. Used when routing and building URLs.
            Defaults to \`\`view_func.__name__\`\`.
        :param static_url_path: can be used to specify a different path for the
                                static files on the web.  Defaults to the name
                                of the \`static_folder\` folder.
        :type static_url_path: str or None
        :return: the rule that was added,
            ready for matching.
        :rtype: Rule
        :raises ValueError: if the endpoint is already taken
            by another view.
        :raises TypeError, KeyError: on bad input

        .. versionchanged:: 2.0
            \`\`provide_automatic_options\`\` is read from the view.
        `),
    );
    expect(doc.summary).toBe('Register a rule for routing incoming requests and building URLs.');
    expect(doc.params).toEqual([
      { name: 'rule', description: 'The URL rule string.' },
      {
        name: 'endpoint',
        description:
          'The endpoint name to associate with the rule and view function. Used when routing and building URLs. Defaults to ``view_func.__name__``.',
      },
      {
        name: 'static_url_path',
        type: 'str or None',
        description:
          'can be used to specify a different path for the static files on the web. Defaults to the name of the `static_folder` folder.',
      },
    ]);
    expect(doc.returns).toEqual({
      type: 'Rule',
      description: 'the rule that was added, ready for matching.',
    });
    expect(doc.throws).toEqual([
      { type: 'ValueError', description: 'if the endpoint is already taken by another view.' },
      { type: 'TypeError', description: 'on bad input' },
      { type: 'KeyError', description: 'on bad input' },
    ]);
    // nothing of the fields leaks into the description; the directive stays there
    expect(doc.description).toBe(
      '.. versionchanged:: 2.0\n    ``provide_automatic_options`` is read from the view.',
    );
  });

  test('Google sections with indented continuations, keyword args, raises and examples', () => {
    const doc = parseDocstring(
      cleandoc(`Fetches rows from a Bigtable.

        Retrieves rows pertaining to the given keys.

        Args:
            table (Table): An open Bigtable Table instance.
            keys: A sequence of strings representing the key of each table
                row to fetch.  String keys will be UTF-8 encoded.
            *args: Passed on to the reader.
            **kwargs (dict): Options for the fetch,
                such as \`\`timeout\`\`.

        Returns:
            dict: A dict mapping keys to the corresponding table row data
            fetched. Each row is represented as a tuple of strings.

        Raises:
            IOError: An error occurred accessing the table,
                or the connection dropped.

        Example:
            >>> fetch_rows(table, [b"a"])
            {b'a': ('x',)}

        Note:
            Rows missing from the table are left out.
        `),
    );
    expect(doc.params).toEqual([
      { name: 'table', type: 'Table', description: 'An open Bigtable Table instance.' },
      {
        name: 'keys',
        description:
          'A sequence of strings representing the key of each table row to fetch. String keys will be UTF-8 encoded.',
      },
      { name: '*args', description: 'Passed on to the reader.' },
      {
        name: '**kwargs',
        type: 'dict',
        description: 'Options for the fetch, such as ``timeout``.',
      },
    ]);
    expect(doc.returns).toEqual({
      type: 'dict',
      description:
        'A dict mapping keys to the corresponding table row data fetched. Each row is represented as a tuple of strings.',
    });
    expect(doc.throws).toEqual([
      {
        type: 'IOError',
        description: 'An error occurred accessing the table, or the connection dropped.',
      },
    ]);
    expect(doc.examples).toEqual([">>> fetch_rows(table, [b\"a\"])\n{b'a': ('x',)}"]);
    expect(doc.description).toContain('Retrieves rows pertaining to the given keys.');
    expect(doc.description).toContain('Note:\n    Rows missing from the table are left out.');
  });

  test('NumPy sections: shared types, multi-name items, returns and raises', () => {
    const doc = parseDocstring(
      cleandoc(`Compute the weighted average along the axis.

        Parameters
        ----------
        a : array_like
            Array containing data to be averaged. If \`a\` is not an array, a
            conversion is attempted.
        axis, weights : int, optional
            Axis along which to average.
        returned

        Returns
        -------
        retval : ndarray
            The average along the axis.

        Raises
        ------
        ZeroDivisionError
            When all weights along axis are zero.

        See Also
        --------
        mean, sum : related reductions

        Examples
        --------
        >>> average([1, 2, 3])
        2.0
        `),
    );
    expect(doc.params).toEqual([
      {
        name: 'a',
        type: 'array_like',
        description:
          'Array containing data to be averaged. If `a` is not an array, a conversion is attempted.',
      },
      { name: 'axis', type: 'int, optional', description: 'Axis along which to average.' },
      { name: 'weights', type: 'int, optional', description: 'Axis along which to average.' },
      { name: 'returned', description: '' },
    ]);
    expect(doc.returns).toEqual({ type: 'ndarray', description: 'The average along the axis.' });
    expect(doc.throws).toEqual([
      { type: 'ZeroDivisionError', description: 'When all weights along axis are zero.' },
    ]);
    expect(doc.see).toEqual(['mean', 'sum']);
    expect(doc.examples).toEqual(['>>> average([1, 2, 3])\n2.0']);
    expect(doc.description).toBe('');
  });

  test('Epytext fields', () => {
    const doc = parseDocstring(
      cleandoc(`Open a connection.

        @param host: the server's name,
            or its address
        @type host: str
        @return: the open socket
        @rtype: socket
        @raise OSError: when nobody answers
        `),
    );
    expect(doc.params).toEqual([
      { name: 'host', type: 'str', description: "the server's name, or its address" },
    ]);
    expect(doc.returns).toEqual({ type: 'socket', description: 'the open socket' });
    expect(doc.throws).toEqual([{ type: 'OSError', description: 'when nobody answers' }]);
  });
});

describe('tagged comments', () => {
  test('TSDoc: multi-line tags, {@link} forms, remarks, a fenced example with decorators', () => {
    const doc = parseTaggedComment(
      stripCommentMarkers(`/**
       * Retries a request with {@link RetryPolicy | the policy} given, see {@link Client.send}.
       *
       * @remarks
       * Waits between attempts; the wait doubles.
       *
       * @param request - the request to send; its body is read
       *   once per attempt, so it must be replayable
       * @param options - how often to retry
       * @returns the last response,
       *   successful or not
       * @throws {@link TimeoutError} when the last attempt times out
       * @example
       * \`\`\`ts
       * @Injectable()
       * class Api { get = () => retry(req, { limit: 2 }) }
       * \`\`\`
       */`),
    );
    expect(doc.summary).toBe('Retries a request with the policy given, see `Client.send`.');
    expect(doc.description).toBe('Waits between attempts; the wait doubles.');
    expect(doc.params).toEqual([
      {
        name: 'request',
        description:
          'the request to send; its body is read once per attempt, so it must be replayable',
      },
      { name: 'options', description: 'how often to retry' },
    ]);
    expect(doc.returns).toEqual({ description: 'the last response, successful or not' });
    expect(doc.throws).toEqual([
      { type: 'TimeoutError', description: 'when the last attempt times out' },
    ]);
    expect(doc.examples).toEqual([
      '@Injectable()\nclass Api { get = () => retry(req, { limit: 2 }) }',
    ]);
  });

  test('JSDoc: typed params, optional names with defaults, {@link target label}', () => {
    const doc = parseTaggedComment(
      stripCommentMarkers(`/**
       * Formats a date. Uses {@link Intl.DateTimeFormat the platform formatter}.
       * @param {Date|number} date - when
       * @param {string} [locale=en] - the locale,
       *     defaults to English
       * @return {string} the text
       */`),
    );
    expect(doc.summary).toBe('Formats a date. Uses the platform formatter.');
    expect(doc.params).toEqual([
      { name: 'date', type: 'Date|number', description: 'when' },
      { name: 'locale', type: 'string', description: 'the locale, defaults to English' },
    ]);
    expect(doc.returns).toEqual({ type: 'string', description: 'the text' });
  });

  test('Doxygen: \\brief, directions, \\code blocks, \\retval, \\details', () => {
    const doc = parseTaggedComment(
      stripCommentMarkers(`/**
       * \\brief Copies a buffer.
       * \\details The regions must not overlap;
       * use memmove otherwise.
       * \\param[out] dst where to copy
       * \\param[in] src what to copy,
       *     at least n bytes
       * \\param[in,out] n the size
       * \\retval 0 on success
       * \\code
       * buf_copy(a, b, &n);
       * \\endcode
       */`),
    );
    expect(doc.summary).toBe('Copies a buffer.');
    expect(doc.description).toBe('The regions must not overlap;\nuse memmove otherwise.');
    expect(doc.params).toEqual([
      { name: 'dst', description: 'where to copy' },
      { name: 'src', description: 'what to copy, at least n bytes' },
      { name: 'n', description: 'the size' },
    ]);
    expect(doc.returns?.description).toBe('0 on success');
    expect(doc.examples).toEqual(['buf_copy(a, b, &n);']);
  });

  test('Javadoc HTML becomes markdown', () => {
    expect(
      htmlToMarkdown(
        'Reads <code>n</code> bytes.<p>Use {@code close()} after:\n<pre>{@code\nin.read(buf);\nin.close();\n}</pre>\n<ul><li>one</li><li><b>two</b> &amp; more</li></ul>',
      ),
    ).toBe(
      'Reads `n` bytes.\n\nUse `close()` after:\n\n```\nin.read(buf);\nin.close();\n```\n\n- one\n- **two** & more',
    );
  });
});

describe('Markdown and XML comments', () => {
  test('Rust sections: Examples without hidden lines, Errors, Panics, Safety', () => {
    const doc = parseMarkdownDoc(
      [
        'Reads the whole file into a string.',
        '',
        'Fails on invalid UTF-8.',
        '',
        '# Errors',
        '',
        'Returns an error when `path` does not exist.',
        '',
        '# Panics',
        '',
        'Panics when the file is larger than `isize::MAX`.',
        '',
        '# Safety',
        '',
        'The caller keeps `buf` alive.',
        '',
        '# Examples',
        '',
        '```',
        '# use std::fs;',
        'let text = read_to_string("a.txt")?;',
        '# Ok::<(), std::io::Error>(())',
        '```',
      ].join('\n'),
    );
    expect(doc.summary).toBe('Reads the whole file into a string.');
    expect(doc.throws).toEqual([
      { type: 'Err', description: 'Returns an error when `path` does not exist.' },
      { type: 'panic', description: 'Panics when the file is larger than `isize::MAX`.' },
    ]);
    expect(doc.examples).toEqual(['let text = read_to_string("a.txt")?;']);
    expect(doc.description).toBe(
      'Fails on invalid UTF-8.\n\n# Safety\n\nThe caller keeps `buf` alive.',
    );
  });

  test('Go: the synopsis is the first sentence, doc links read as code', () => {
    const doc = parseMarkdownDoc(
      'Get returns the value for the given key. It panics when [Context.Keys] is nil.\n\nDeprecated: use [Context.Value].',
      { firstSentence: true },
    );
    expect(doc.summary).toBe('Get returns the value for the given key.');
    expect(doc.description).toContain('It panics when `Context.Keys` is nil.');
    expect(doc.deprecated).toBe('use [Context.Value].');
  });

  test('C# XML: cref names, inline code, paragraphs, examples', () => {
    const doc = parseXmlDoc(
      [
        '<summary>Parses <paramref name="text"/> as a <see cref="T:System.Int32"/>.</summary>',
        '<remarks><para>Culture invariant.</para><para>Use <c>TryParse</c> to avoid throwing.</para></remarks>',
        '<param name="text">The digits,',
        'with an optional sign.</param>',
        '<returns>The number.</returns>',
        '<exception cref="T:System.FormatException">When <paramref name="text"/> has no digits.</exception>',
        '<example><code>',
        'var n = Parser.Parse("42");',
        '</code></example>',
      ].join('\n'),
    );
    expect(doc.summary).toBe('Parses `text` as a `Int32`.');
    expect(doc.description).toBe('Culture invariant.\n\nUse `TryParse` to avoid throwing.');
    expect(doc.params).toEqual([
      { name: 'text', description: 'The digits, with an optional sign.' },
    ]);
    expect(doc.throws).toEqual([
      { type: 'FormatException', description: 'When `text` has no digits.' },
    ]);
    expect(doc.examples).toEqual(['var n = Parser.Parse("42");']);
  });
});
