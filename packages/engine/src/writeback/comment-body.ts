/**
 * A doc comment as written in the file, line by line: each line's frame (indent and comment
 * marker before, closing marker after) and what it says. Lines a change does not touch are
 * written back as they were, byte for byte; new lines take the frame of their neighbours.
 */
export interface BodyLine {
  /** The line as it is in the file; undefined for a line the writer made. */
  raw?: string;
  prefix: string;
  content: string;
  suffix: string;
}

/** How a comment is framed: `/** … *\/`, a run of line comments, or a Python docstring. */
export type BodyKind = 'block' | 'line' | 'docstring';

export interface CommentBody {
  kind: BodyKind;
  /** The opening line when it says nothing (`/**`), kept as it is. */
  opener?: string;
  /** The closing line when it says nothing (` *\/`, `"""`), kept as it is. */
  closer?: string;
  /** The lines that say something (or are blank inside the comment). */
  lines: BodyLine[];
  /** The frame of a new line with text, and of a new blank line. */
  middle: string;
  blank: string;
}

const indentOf = (text: string) => /^[ \t]*/.exec(text)![0];

/** A line inside a `/* … *\/` block: `* text`, `** text` (SQLite), or bare text. */
function blockMiddle(text: string): BodyLine {
  const star = /^([ \t]*\*+(?!\/))( ?)(.*)$/.exec(text);
  if (star) return { raw: text, prefix: star[1]! + star[2]!, content: star[3]!, suffix: '' };
  const indent = indentOf(text);
  return { raw: text, prefix: indent, content: text.slice(indent.length), suffix: '' };
}

/** The body of a `/** … *\/` comment (lines as in the file, without line endings). */
function blockBody(lines: readonly string[]): CommentBody | undefined {
  const first = lines[0]!;
  const open = /^([ \t]*\/\*+!?)(.*)$/.exec(first);
  if (!open) return undefined;
  const indent = indentOf(first);
  if (lines.length === 1) {
    const one = /^([ \t]*\/\*+!?[ \t]*)(.*?)([ \t]*\*+\/[ \t]*)$/.exec(first);
    if (!one) return undefined;
    return {
      kind: 'block',
      lines: [{ raw: first, prefix: one[1]!, content: one[2]!, suffix: one[3]! }],
      middle: `${indent} * `,
      blank: `${indent} *`,
    };
  }
  const body: CommentBody = { kind: 'block', lines: [], middle: '', blank: '' };
  if (open[2]!.trim() === '') body.opener = first;
  else {
    const space = /^ ?/.exec(open[2]!)![0];
    body.lines.push({
      raw: first,
      prefix: open[1]! + space,
      content: open[2]!.slice(space.length),
      suffix: '',
    });
  }
  for (const text of lines.slice(1, -1)) body.lines.push(blockMiddle(text));
  const last = lines[lines.length - 1]!;
  const close = /^(.*?)([ \t]*\*+\/[ \t]*)$/.exec(last);
  if (!close) return undefined;
  if (close[1]!.trim() === '' || close[1]!.trim() === '*') body.closer = last;
  else {
    const line = blockMiddle(close[1]!);
    body.lines.push({ ...line, raw: last, suffix: close[2]! });
  }
  // new lines look like the comment's own: the star column of its `*` lines
  const starred = body.lines.find((l) => /\*\s?$/.test(l.prefix) && !l.prefix.includes('/'));
  const star = starred ? starred.prefix.replace(/\s+$/, '') : `${indent} *`;
  body.middle = `${star} `;
  body.blank = star;
  return body;
}

/** The body of a run of `///`, `//` or `#` comment lines. */
function lineBody(lines: readonly string[], marker: string): CommentBody | undefined {
  const out: BodyLine[] = [];
  for (const text of lines) {
    const m = new RegExp(`^([ \\t]*${marker.replace(/\//g, '\\/')})( ?)(.*)$`).exec(text);
    if (!m) return undefined;
    out.push({ raw: text, prefix: m[1]! + m[2]!, content: m[3]!, suffix: '' });
  }
  const head = /^[ \t]*\S+/.exec(lines[0]!)?.[0] ?? marker;
  const bare = indentOf(lines[0]!) + marker;
  return {
    kind: 'line',
    lines: out,
    middle: `${head.startsWith(bare) ? bare : head} `,
    blank: bare,
  };
}

/** The body of a Python docstring statement (quotes included). */
function docstringBody(lines: readonly string[]): CommentBody | undefined {
  const first = lines[0]!;
  const open = /^([ \t]*[rRuUbB]{0,2}("""|'''|"|'))(.*)$/.exec(first);
  if (!open) return undefined;
  // a one-quote string is one line (`"Return True if …"`)
  if (open[2]!.length === 1 && lines.length > 1) return undefined;
  const quote = open[2]!;
  const indent = indentOf(first);
  const body: CommentBody = { kind: 'docstring', lines: [], middle: indent, blank: '' };
  if (lines.length === 1) {
    const end = open[3]!.lastIndexOf(quote);
    if (end < 0) return undefined;
    body.lines.push({
      raw: first,
      prefix: open[1]!,
      content: open[3]!.slice(0, end),
      suffix: open[3]!.slice(end),
    });
    return body;
  }
  if (open[3]!.trim() === '') body.opener = first;
  else body.lines.push({ raw: first, prefix: open[1]!, content: open[3]!, suffix: '' });
  const inner = (text: string): BodyLine => {
    if (text.trim() === '') return { raw: text, prefix: text, content: '', suffix: '' };
    const cut = text.startsWith(indent) ? indent.length : indentOf(text).length;
    return { raw: text, prefix: text.slice(0, cut), content: text.slice(cut), suffix: '' };
  };
  for (const text of lines.slice(1, -1)) body.lines.push(inner(text));
  const last = lines[lines.length - 1]!;
  const end = last.lastIndexOf(quote);
  if (end < 0) return undefined;
  if (last.slice(0, end).trim() === '') body.closer = last;
  else body.lines.push({ ...inner(last.slice(0, end)), raw: last, suffix: last.slice(end) });
  return body;
}

/** A comment's body, or undefined when its lines are not a comment the writer can read. */
export function commentBody(
  lines: readonly string[],
  kind: BodyKind,
  marker = '//',
): CommentBody | undefined {
  if (lines.length === 0) return undefined;
  if (kind === 'block') return blockBody(lines);
  if (kind === 'docstring') return docstringBody(lines);
  return lineBody(lines, marker);
}

/** A new line of the body saying `content` (the comment's frame around it). */
export function newLine(body: CommentBody, content: string): BodyLine {
  return content === ''
    ? { prefix: body.blank, content: '', suffix: '' }
    : { prefix: body.middle, content, suffix: '' };
}

/**
 * The comment's lines back: unchanged lines as they were, others framed as the comment frames
 * them, without trailing whitespace.
 */
export function bodyText(body: CommentBody): string[] {
  const out: string[] = [];
  if (body.opener !== undefined) out.push(body.opener);
  for (const line of body.lines)
    out.push(line.raw ?? `${line.prefix}${line.content}`.trimEnd() + line.suffix);
  if (body.closer !== undefined) out.push(body.closer);
  return out;
}
