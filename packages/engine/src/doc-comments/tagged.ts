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
export function parseTaggedComment(text: string, options: { yard?: boolean } = {}): DocComment {
  const doc = emptyDoc(text);
  const blocks: string[] = [];
  const state: TagState = { doc, prose: splitTags(text, blocks), extra: [], yard: !!options.yard };
  for (const block of blocks) readTag(state, block);
  splitSummary(doc, inlineTags(state.prose));
  if (state.extra.length)
    doc.description = [doc.description, ...state.extra].filter(Boolean).join('\n');
  return doc;
}

/** Puts each tag's block (from its `@` to the next tag) in `blocks`; returns the text before. */
function splitTags(text: string, blocks: string[]): string {
  // no tag can start without an `@` or a `\\` (most comments are prose alone)
  if (!text.includes('@') && !text.includes('\\')) return `${text}\n`;
  let prose = '';
  // one-line comments put tags inline: `/** Creates one. @param name who */`
  let lines = text.replace(
    /[ \t]+([@\\](?:param|returns?|throws|exception|deprecated|see|example)\b)/g,
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
    case 'property':
      // as written (a lower-case spelling is a parameter's)
      if (tag === 'tparam' || tag === 'property') state.extra.push(`@${block}`);
      else readParam(state, rest, type);
      return;
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
    default:
      state.extra.push(`@${block}`);
  }
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
