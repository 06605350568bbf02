import type { DocComment } from '../model.ts';

/** An empty parsed comment for a given text; parsers fill in what they recognise. */
export function emptyDoc(text: string): DocComment {
  return { summary: '', description: '', params: [], throws: [], examples: [], see: [], text };
}

/** Splits free text into a one-paragraph summary and the remaining description. */
export function splitSummary(doc: DocComment, prose: string): void {
  const trimmed = prose.trim();
  const blank = trimmed.search(/\n\s*\n/);
  const first = blank === -1 ? trimmed : trimmed.slice(0, blank);
  doc.summary = first.replace(/\s+/g, ' ').trim();
  doc.description = blank === -1 ? '' : trimmed.slice(blank).trim();
}

const TYPE = /^\{((?:[^{}]|\{[^{}]*\})*)\}\s*/;

/**
 * Inline tags as markdown: `{@link Foo}` and `{@link Foo | label}` (TSDoc) or `{@link Foo label}`
 * (JSDoc, Javadoc) → the label or `` `Foo` ``, `{@code x}` → `` `x` ``; `#member` reads `.member`.
 */
export function inlineTags(text: string): string {
  if (!text.includes('{@')) return text;
  return text
    .replace(
      /\{@(?:link|linkcode|linkplain)\s+([^\s|}]+)\s*(?:\|\s*)?([^}]*)\}/g,
      (_all, target: string, label: string) =>
        label.trim() || `\`${target.replace(/^#/, '').replace('#', '.')}\``,
    )
    .replace(/\{@(?:code|literal)\s+([^}]*)\}/g, (_all, code: string) => `\`${code.trim()}\``)
    .replace(/\{@(?:value|inheritDoc|inheritdoc)\s*([^}]*)\}/g, '$1');
}

/** What parsing one comment's tags builds up (parseTaggedComment). */
interface TagState {
  doc: DocComment;
  /** The free text before the tags, and what `@brief`/`@details` add to it. */
  prose: string;
  /** Tags kept as written, in the description. */
  extra: string[];
  yard: boolean;
}

/**
 * Parses `@tag` doc comments: JSDoc/TSDoc, Javadoc, KDoc, PHPDoc, YARD and Doxygen (`\param` or
 * `@param`). Unknown tags stay in the description so nothing the author wrote is lost. (Each
 * step is a function of its own, so V8 re-optimises a small one when a new form turns up.)
 */
export function parseTaggedComment(
  text: string,
  options: { yard?: boolean; indentedCode?: boolean } = {},
): DocComment {
  const doc = emptyDoc(text);
  const blocks: string[] = [];
  const state: TagState = { doc, prose: splitTags(text, blocks), extra: [], yard: !!options.yard };
  for (const block of blocks) readTag(state, block);
  const prose = inlineTags(state.prose);
  // Markdown's (and RDoc's) indented code, fenced so no renderer reads it as a paragraph;
  // Javadoc is HTML, where indentation means nothing (options.indentedCode false)
  splitSummary(doc, options.indentedCode === false ? prose : fenceIndentedCode(prose));
  if (doc.properties)
    doc.description = [doc.description, propertyList(doc.properties)].filter(Boolean).join('\n\n');
  if (state.extra.length)
    doc.description = [doc.description, ...state.extra].filter(Boolean).join('\n');
  return doc;
}

/**
 * Markdown's indented code blocks (lines indented four columns deeper than the text, after a
 * blank line, not a list item's continuation) as fenced blocks; fenced blocks stay as written.
 */
export function fenceIndentedCode(text: string): string {
  if (!/\n(?: {4}|\t)/.test(text)) return text;
  const lines = text.split('\n');
  const present = lines.filter((l) => l.trim());
  const base = present.length ? Math.min(...present.map(indentOf)) : 0;
  const out: string[] = [];
  let fenced = false;
  let listItem = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const previous = out.length ? out[out.length - 1]! : '';
    const opens = !previous.trim() && indentOf(line) >= base + 4 && line.trim() && !listItem;
    if (fenced || !opens) {
      if (line.trim() && indentOf(line) < base + 4)
        listItem = /^\s*(?:[-*+]|\d+[.)])\s/.test(line) || (listItem && !!previous.trim());
      out.push(line);
      continue;
    }
    // the block: indented lines, and blank lines followed by more of them
    let end = i;
    while (end < lines.length) {
      if (lines[end]!.trim() && indentOf(lines[end]!) < base + 4) break;
      end++;
    }
    while (end > i && !lines[end - 1]!.trim()) end--;
    const block = lines.slice(i, end);
    const cut = Math.min(...block.filter((l) => l.trim()).map(indentOf));
    out.push('```', ...block.map((l) => dropColumns(l, cut).trimEnd()), '```');
    i = end - 1;
  }
  return out.join('\n');
}

/** Properties as a Markdown list in the description, where the generated doc shows them. */
function propertyList(properties: NonNullable<DocComment['properties']>): string {
  return properties
    .map(
      (p) =>
        `- \`${p.name}\`${p.type ? ` (\`${p.type}\`)` : ''}${p.description ? `: ${p.description}` : ''}`,
    )
    .join('\n');
}

/** `line` without its first `columns` columns of indentation (a tab counts to the next 4). */
function dropColumns(line: string, columns: number): string {
  let at = 0;
  let column = 0;
  while (at < line.length && column < columns && (line[at] === ' ' || line[at] === '\t')) {
    column = line[at] === '\t' ? column + 4 - (column % 4) : column + 1;
    at++;
  }
  return line.slice(at);
}

const indentOf = (line: string) => {
  let at = 0;
  let columns = 0;
  while (at < line.length && (line[at] === ' ' || line[at] === '\t')) {
    columns = line[at] === '\t' ? columns + 4 - (columns % 4) : columns + 1;
    at++;
  }
  return columns;
};

/** Puts each tag's block (from its `@` to the next tag) in `blocks`; returns the text before. */
function splitTags(text: string, blocks: string[]): string {
  // no tag can start without an `@` or a `\\` (most comments are prose alone)
  if (!text.includes('@') && !text.includes('\\')) return `${text}\n`;
  let prose = '';
  // one-line comments put tags inline: `/** Creates one. @param name who */`
  let lines = text.replace(
    /[ \t]+([@\\](?:param|returns?|throws|exception|deprecated|see|example|type|private|public|protected|internal)\b)/g,
    '\n$1',
  );
  // Doxygen's code block is an example
  if (lines.includes('code'))
    lines = lines
      .replace(/^\s*[@\\]code(?:\{[^}]*\})?\s*$/gm, '@example')
      .replace(/^\s*[@\\]endcode\s*$/gm, '');
  let fenced = false;
  for (const line of lines.split('\n')) {
    // a decorator in an example's code fence is code, not a tag
    if (/^\s*```/.test(line)) fenced = !fenced;
    if (!fenced && /^\s*[@\\][a-zA-Z]+/.test(line)) blocks.push(line.trim().slice(1));
    else if (blocks.length) blocks[blocks.length - 1] += `\n${line}`;
    else prose += `${line}\n`;
  }
  return prose;
}

/** One tag's block (without its `@`) into the doc. */
function readTag(state: TagState, block: string): void {
  const doc = state.doc;
  const tag = /^[a-zA-Z]+/.exec(block)![0];
  // Doxygen's direction: `\\param[in] x`, `@param[in,out] x`
  let rest = block
    .slice(tag.length)
    .replace(/^\[\s*(?:in|out|in\s*,\s*out)\s*\]/i, '')
    .replace(/^[ \t]+/, '');
  let type: string | undefined;
  const typed = TYPE.exec(rest);
  if (typed) {
    // `@throws {@link RangeError}` names the type through a link
    type = typed[1]!.replace(/^@link(?:code|plain)?\s+/, '').trim();
    rest = rest.slice(typed[0].length);
  }
  switch (tag.toLowerCase()) {
    case 'param':
    case 'arg':
    case 'argument':
      return readParam(state, rest, type);
    case 'tparam':
      // as written (a lower-case spelling is a parameter's)
      if (tag === 'tparam') state.extra.push(`@${block}`);
      else readParam(state, rest, type);
      return;
    case 'property':
    case 'prop':
      return readProperty(state, rest, type);
    case 'type':
      if (type === undefined) break;
      doc.type = type;
      // `/** @type {number} How many. */`: the text is the value's description
      if (rest.trim()) state.prose = `${state.prose.trimEnd()}\n\n${dedentBlock(rest)}`;
      return;
    case 'typedef': {
      const name = /^([\w$.]+)\s*([\s\S]*)$/.exec(rest.trim());
      if (type !== undefined) doc.type = type;
      if (name) doc.typedef = name[1]!;
      const text = name ? name[2]! : rest;
      if (text.trim()) state.prose = `${state.prose.trimEnd()}\n\n${dedentBlock(text)}`;
      return;
    }
    case 'public':
    case 'private':
    case 'protected':
    case 'internal':
    case 'package':
    case 'access':
    case 'api': {
      // (lower case only: `@Internal` at a line's start is an annotation's name)
      if (tag !== tag.toLowerCase()) break;
      const named = tag === 'access' || tag === 'api';
      const word = named ? /^(\w+)\s*([\s\S]*)$/.exec(rest) : [rest, tag, rest];
      const visibility = word ? VISIBILITY[word[1]!.toLowerCase()] : undefined;
      if (!visibility) break;
      doc.visibility = visibility;
      // PHPDoc's `@internal` may say why
      const why = word![2]!;
      if (why.trim()) state.prose = `${state.prose.trimEnd()}\n\n${dedentBlock(why)}`;
      return;
    }
    case 'return':
    case 'returns': {
      const yard = /^\[([^\]]*)\]\s*([\s\S]*)$/.exec(rest);
      doc.returns = { description: clean(yard ? yard[2]! : rest) };
      const t = type ?? yard?.[1];
      if (t) doc.returns.type = t;
      return;
    }
    case 'throws':
    case 'throw':
    case 'exception':
    case 'raise':
    case 'raises':
      return readThrows(doc, rest, type);
    case 'example':
    case 'examples':
      doc.examples.push(dedentBlock(rest));
      return;
    case 'deprecated':
      doc.deprecated = clean(rest);
      return;
    case 'see':
    case 'link':
      doc.see.push(clean(rest));
      return;
    case 'brief':
    case 'short':
      state.prose = `${rest}\n\n${state.prose}`;
      return;
    case 'details':
    case 'remarks':
    case 'description':
      state.prose = `${state.prose.trimEnd()}\n\n${dedentBlock(rest)}`;
      return;
    case 'retval':
      doc.returns = {
        ...doc.returns,
        description: clean(`${doc.returns?.description ?? ''} ${rest}`),
      };
      return;
  }
  state.extra.push(`@${block}`);
}

/** The visibility each tag's word names (`@package`, JSDoc's package-private, is internal). */
const VISIBILITY: Record<string, DocComment['visibility']> = {
  public: 'public',
  private: 'private',
  protected: 'protected',
  internal: 'internal',
  package: 'internal',
};

/** `@property {T} name text`, `@property {T} [name] text` (optional), KDoc `@property name text`. */
function readProperty(state: TagState, rest: string, type: string | undefined): void {
  const m = /^\[?([\w$.]+)(?:\s*=[^\]]*)?\]?\s*(?:-\s*)?([\s\S]*)$/.exec(rest);
  if (!m) {
    state.extra.push(`@property ${rest}`);
    return;
  }
  const property: NonNullable<DocComment['properties']>[number] = {
    name: m[1]!,
    description: clean(m[2]!),
  };
  if (type) property.type = type;
  (state.doc.properties ??= []).push(property);
}

/** `@param`: JSDoc `{T} name text`, YARD `name [T] text` or `[T] name text`, PHPDoc `T $name`. */
function readParam(state: TagState, rest: string, type: string | undefined): void {
  // YARD's other order, `@param [Type] name text` (in JSDoc `[name]` is an optional one)
  const yardFirst = state.yard ? /^\[([^\]]*)\]\s+([\w$]+)\s*([\s\S]*)$/.exec(rest) : null;
  if (yardFirst) {
    state.doc.params.push({
      name: yardFirst[2]!,
      type: yardFirst[1]!,
      description: clean(yardFirst[3]!.replace(/^-\s*/, '')),
    });
    return;
  }
  // YARD: @param name [Type] text; PHPDoc: @param Type $name text
  let m = /^\[?([\w$.]+)\]?(?:\s*=[^\s\]]*\])?\s*(?:\[([^\]]*)\])?\s*(?:-\s*)?([\s\S]*)$/.exec(
    rest,
  );
  const php = /^(\S+)\s+\$(\w+)\s*([\s\S]*)$/.exec(rest);
  if (php) m = [php[0], php[2]!, php[1]!, php[3]!] as unknown as RegExpExecArray;
  if (!m) return;
  const param: DocComment['params'][number] = {
    name: m[1]!.replace(/^\$/, ''),
    description: clean(m[3] ?? ''),
  };
  const t = type ?? m[2];
  if (t) param.type = t;
  state.doc.params.push(param);
}

/** YARD: `@raise [ArgumentError] text`; else `@throws Type text` or text alone. */
function readThrows(doc: DocComment, rest: string, type: string | undefined): void {
  const yard = /^\[([^\]]*)\]\s*([\s\S]*)$/.exec(rest);
  const m = /^([\w.$\\]+)?\s*([\s\S]*)$/.exec(rest)!;
  const t = type ?? yard?.[1] ?? (m[1] && /^[A-Z\\]/.test(m[1]) ? m[1] : undefined);
  const description = yard ? yard[2]! : t === m[1] ? m[2]! : rest;
  const entry: DocComment['throws'][number] = { description: clean(description) };
  if (t) entry.type = t;
  doc.throws.push(entry);
}

function clean(text: string): string {
  return inlineTags(text).replace(/\s+/g, ' ').trim();
}

function dedentBlock(text: string): string {
  const lines = text.replace(/^\n+/, '').trimEnd().split('\n');
  const indents = lines.filter((l) => l.trim()).map((l) => l.length - l.trimStart().length);
  const cut = indents.length ? Math.min(...indents) : 0;
  return lines
    .map((l) => l.slice(cut))
    .join('\n')
    .replace(/^```\w*\n|\n```$/g, '');
}
