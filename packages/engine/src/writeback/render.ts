import type { DocParts } from './doc-parts.ts';

/** A Python docstring convention, as a repository writes its docstrings. */
export type DocstringStyle = 'google' | 'numpy' | 'rest';

/** How a language writes its doc comments, as the writer renders them. */
export type CommentConvention =
  | 'jsdoc' // JSDoc / TSDoc
  | 'javadoc' // Javadoc, KDoc, Doxygen (C, C++)
  | 'phpdoc'
  | 'yard' // Ruby
  | 'go'
  | 'rust'
  | 'xml' // C#
  | 'python';

const CONVENTIONS: Record<string, CommentConvention> = {
  typescript: 'jsdoc',
  tsx: 'jsdoc',
  javascript: 'jsdoc',
  java: 'javadoc',
  kotlin: 'javadoc',
  c: 'javadoc',
  cpp: 'javadoc',
  php: 'phpdoc',
  ruby: 'yard',
  go: 'go',
  rust: 'rust',
  csharp: 'xml',
  python: 'python',
};

/** The languages whose doc comments can be written back. */
export const WRITABLE_LANGUAGES: readonly string[] = Object.keys(CONVENTIONS);

/** The convention of a language, or undefined when the writer does not write it. */
export function conventionOf(language: string | null | undefined): CommentConvention | undefined {
  return language ? CONVENTIONS[language] : undefined;
}

const lines = (text: string) => text.split('\n').map((line) => line.trimEnd());

/** Blocks joined by one empty line; empty blocks left out. */
function paragraphs(...blocks: (string[] | undefined)[]): string[] {
  const out: string[] = [];
  for (const block of blocks) {
    if (!block || block.length === 0) continue;
    if (out.length) out.push('');
    out.push(...block);
  }
  return out;
}

const prose = (parts: DocParts) =>
  paragraphs(
    parts.summary ? [parts.summary] : undefined,
    parts.description ? lines(parts.description) : undefined,
  );

/** The `@tag` lines of JSDoc, Javadoc/KDoc/Doxygen, PHPDoc and YARD. */
function tagLines(
  convention: CommentConvention,
  parts: DocParts,
  paramTypes: ReadonlyMap<string, string>,
  dash = true,
): string[] {
  const out: string[] = [];
  for (const p of parts.params) {
    if (convention === 'jsdoc') out.push(`@param ${p.name}${dash ? ' -' : ''} ${p.description}`);
    else if (convention === 'phpdoc')
      out.push(
        `@param ${p.type ?? paramTypes.get(p.name) ?? 'mixed'} $${p.name.replace(/^\$/, '')} ${p.description}`,
      );
    else if (convention === 'yard')
      out.push(`@param ${p.name}${p.type ? ` [${p.type}]` : ''} ${p.description}`);
    else out.push(`@param ${p.name} ${p.description}`);
  }
  if (parts.returns) {
    const tag = convention === 'jsdoc' ? '@returns' : '@return';
    const type = convention === 'yard' && parts.returns.type ? ` [${parts.returns.type}]` : '';
    out.push(`${tag}${type} ${parts.returns.description}`);
  }
  for (const t of parts.throws) {
    const type = t.type ?? (convention === 'jsdoc' ? 'Error' : 'Exception');
    if (convention === 'jsdoc') out.push(`@throws {${type}} ${t.description}`);
    // YARD's own form: `@raise [Type] text`
    else if (convention === 'yard') out.push(`@raise [${type}] ${t.description}`);
    else out.push(`@throws ${type} ${t.description}`);
  }
  if (parts.example !== undefined) out.push('@example', ...lines(parts.example));
  if (parts.deprecated !== undefined) out.push(`@deprecated ${parts.deprecated}`.trimEnd());
  for (const see of parts.see) out.push(`@see ${see}`);
  return out;
}

function block(content: string[]): string[] {
  const safe = content.map((line) => line.replace(/\*\//g, '*\\/'));
  return ['/**', ...safe.map((line) => (line ? ` * ${line}` : ' *')), ' */'];
}

function prefixed(marker: string, content: string[]): string[] {
  return content.map((line) => (line ? `${marker} ${line}` : marker));
}

/** Markdown sections of Rust `///` and Go `//` comments. */
function markdownLines(convention: 'go' | 'rust', parts: DocParts): string[] {
  const section = (title: string, body: string[]) =>
    body.length ? ['# ' + title, '', ...body] : undefined;
  const item = (name: string, text: string) =>
    convention === 'rust' ? `* \`${name}\` - ${text}` : `  - ${name}: ${text}`;
  return paragraphs(
    prose(parts),
    section(
      convention === 'rust' ? 'Arguments' : 'Parameters',
      parts.params.map((p) => item(p.name, p.description)),
    ),
    section('Returns', parts.returns ? [parts.returns.description] : []),
    section(
      'Errors',
      parts.throws.map((t) => (t.type ? `${t.type}: ${t.description}` : t.description)),
    ),
    section('Examples', parts.example !== undefined ? ['```', ...lines(parts.example), '```'] : []),
  );
}

const xmlEscape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function xmlLines(parts: DocParts): string[] {
  const element = (open: string, close: string, text: string) => {
    const body = lines(xmlEscape(text));
    return body.length === 1 ? [`${open}${body[0]}${close}`] : [open, ...body, close];
  };
  const out = ['<summary>', ...lines(xmlEscape(parts.summary)), '</summary>'];
  if (parts.description) out.push(...element('<remarks>', '</remarks>', parts.description));
  for (const p of parts.params)
    out.push(`<param name="${xmlEscape(p.name)}">${xmlEscape(p.description)}</param>`);
  if (parts.returns) out.push(...element('<returns>', '</returns>', parts.returns.description));
  for (const t of parts.throws)
    out.push(
      `<exception cref="${xmlEscape(t.type ?? 'System.Exception')}">${xmlEscape(t.description)}</exception>`,
    );
  if (parts.example !== undefined)
    out.push('<example>', '<code>', ...lines(xmlEscape(parts.example)), '</code>', '</example>');
  return out;
}

/** The text inside a Python docstring's quotes, in the repository's style. */
function docstringLines(style: DocstringStyle, parts: DocParts, returnType?: string): string[] {
  const params = parts.params.filter((p) => p.name !== 'self' && p.name !== 'cls');
  const deprecated =
    parts.deprecated !== undefined ? [`.. deprecated:: ${parts.deprecated}`.trimEnd()] : undefined;
  if (style === 'rest') {
    const fields = [
      ...params.map((p) => `:param ${p.name}: ${p.description}`),
      ...(parts.returns ? [`:returns: ${parts.returns.description}`] : []),
      ...parts.throws.map((t) => `:raises ${t.type ?? 'Exception'}: ${t.description}`),
    ];
    // the engine reads an example in a reST docstring as a doctest: one that is not gets `>>>`
    const example =
      parts.example === undefined
        ? undefined
        : /^>>>/m.test(parts.example)
          ? lines(parts.example)
          : lines(parts.example).map((line) => (line ? `>>> ${line}` : line));
    return paragraphs(prose(parts), deprecated, example, fields);
  }
  if (style === 'numpy') {
    const section = (title: string, body: string[]) =>
      body.length ? [title, '-'.repeat(title.length), ...body] : undefined;
    return paragraphs(
      prose(parts),
      deprecated,
      section(
        'Parameters',
        params.flatMap((p) => [p.type ? `${p.name} : ${p.type}` : p.name, `    ${p.description}`]),
      ),
      // NumPy: the type on its own line, the description indented under it (indented alone
      // when the type is unknown, so no reader takes the description for a type)
      section(
        'Returns',
        !parts.returns
          ? []
          : (parts.returns.type ?? returnType)
            ? [(parts.returns.type ?? returnType)!, `    ${parts.returns.description}`]
            : [`    ${parts.returns.description}`],
      ),
      section(
        'Raises',
        parts.throws.flatMap((t) => [t.type ?? 'Exception', `    ${t.description}`]),
      ),
      section('Examples', parts.example !== undefined ? lines(parts.example) : []),
    );
  }
  const section = (title: string, body: string[]) =>
    body.length ? [`${title}:`, ...body.map((line) => (line ? `    ${line}` : ''))] : undefined;
  return paragraphs(
    prose(parts),
    deprecated,
    section(
      'Args',
      params.map((p) => `${p.name}${p.type ? ` (${p.type})` : ''}: ${p.description}`),
    ),
    section(
      'Returns',
      parts.returns
        ? [`${parts.returns.type ? `${parts.returns.type}: ` : ''}${parts.returns.description}`]
        : [],
    ),
    section(
      'Raises',
      parts.throws.map((t) => `${t.type ?? 'Exception'}: ${t.description}`),
    ),
    section('Example', parts.example !== undefined ? lines(parts.example) : []),
  );
}

/** A Python docstring literal (quotes included), one element per line. */
export function renderDocstring(
  style: DocstringStyle,
  parts: DocParts,
  returnType?: string,
): string[] {
  const content = docstringLines(style, parts, returnType);
  const text = content.join('\n');
  const quote = text.includes('"""') ? "'''" : '"""';
  const prefix = text.includes('\\') ? 'r' : '';
  if (content.length === 1) return [`${prefix}${quote}${content[0]}${quote}`];
  return [`${prefix}${quote}${content[0]}`, ...content.slice(1), quote];
}

/**
 * The lines of a doc comment in a language's convention, without the indentation of the
 * declaration (Python's docstrings: `renderDocstring`). `paramTypes`: the signature's types,
 * for conventions that name them (PHPDoc); `jsdocDash`: whether JSDoc's `@param name - text`
 * has TSDoc's hyphen (as the file's own comments write it; default yes).
 */
export function renderComment(
  convention: Exclude<CommentConvention, 'python'>,
  parts: DocParts,
  paramTypes: ReadonlyMap<string, string> = new Map(),
  options: { jsdocDash?: boolean } = {},
): string[] {
  switch (convention) {
    case 'go':
      return prefixed('//', markdownLines('go', parts));
    case 'rust':
      return prefixed('///', markdownLines('rust', parts));
    case 'xml':
      return prefixed('///', xmlLines(parts));
    case 'yard':
      return prefixed('#', paragraphs(prose(parts), tagLines('yard', parts, paramTypes)));
    default:
      return block(
        paragraphs(prose(parts), tagLines(convention, parts, paramTypes, options.jsdocDash)),
      );
  }
}
