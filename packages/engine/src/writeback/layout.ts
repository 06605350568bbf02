import type { CommentConvention, DocstringStyle } from './render.ts';
import { columns } from './wrap.ts';

/** The fields an edit changes in a comment that exists (each absent when it stays). */
export interface FieldChanges {
  summary?: string;
  description?: string;
  /** Parameters whose text changes or that the comment gains, in the signature's order. */
  params: { name: string; type?: string; description: string }[];
  returns?: { type?: string; description: string };
  /** The whole new list of what is thrown. */
  throws?: { type?: string; description: string }[];
  example?: string;
}

/** What a change needs to know beyond the comment: its language's ways and the file's width. */
export interface EditContext {
  convention: CommentConvention;
  /** The repository's docstring style, for sections a docstring without any gains. */
  docstringStyle: DocstringStyle;
  /** The columns a comment line may take (the file's own width, else the convention's). */
  width: number;
  /** The signature's parameter names, in order, and their types. */
  order: readonly string[];
  paramTypes: ReadonlyMap<string, string>;
  /** The signature's return type (a NumPy `Returns` line names it). */
  returnType?: string;
  /** Where the first sentence ends, for readers whose summary it is (Javadoc, Go). */
  sentenceEnd?: RegExp;
}

/** Content lines [start, end) replaced by `lines` (contents, without the comment's frame). */
export interface Splice {
  start: number;
  end: number;
  lines: string[];
}

export const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();
export const isBlank = (s: string) => s.trim() === '';
export const leading = (s: string) => /^[ \t]*/.exec(s)![0];
export const bare = (name: string) =>
  name
    .replace(/^[[(]*(\.\.\.|&|\$|\*{1,2})*/, '')
    .replace(/[\]),:]*$/, '')
    .replace(/=.*$/, '')
    .replace(/^\$/, '');

/** Lines inside ``` fences or `<pre>` blocks: code, where no line starts a tag or section. */
export function codeLines(contents: readonly string[]): boolean[] {
  const out: boolean[] = [];
  let fence = false;
  let pre = false;
  for (const line of contents) {
    const starts = /^\s*```/.test(line);
    if (/<pre\b/i.test(line)) pre = true;
    out.push(fence || pre || starts);
    if (starts) fence = !fence;
    if (/<\/pre>/i.test(line)) pre = false;
  }
  return out;
}

/** [start, end) without blank lines at either end. */
export function trimmed(contents: readonly string[], start: number, end: number) {
  while (start < end && isBlank(contents[start]!)) start++;
  while (end > start && isBlank(contents[end - 1]!)) end--;
  return { start, end };
}

/** One field's lines: [start, end), the text kept before its words on the first line. */
export interface Span {
  start: number;
  end: number;
  head: string;
  /** What a continuation line starts with (content-relative indent). */
  indent: string;
  /** A head the writer cannot take apart (a type over several lines): not refilled. */
  opaque?: boolean;
}

/** Where things are in a comment (content-line indices). */
export interface Layout {
  /** The prose before the first tag or section. */
  proseEnd: number;
  params: Map<string, Span>;
  returns?: Span;
  throws: Span[];
  /** The example's lines (its code), replaced whole. */
  example?: Span;
  /** Where new entries go, given what the comment has. */
  insertParam(name: string, lines: string[]): Splice;
  insertReturns(lines: string[]): Splice;
  insertThrows(lines: string[]): Splice;
  insertExample(lines: string[]): Splice;
  /** New entries in the comment's own convention (lines of content). */
  renderParam(name: string, type: string | undefined, text: string): string[];
  renderReturns(type: string | undefined, text: string): string[];
  renderThrows(entries: readonly { type?: string; description: string }[]): string[];
  renderExample(code: string): string[];
  /** The lines of the field's new text, for an existing span. */
  refill(span: Span, text: string): string[];
}

/** The text of a span after its head, as the writer will fill it: for throws edits. */
export const spanText = (contents: readonly string[], span: Span) =>
  collapse(
    [contents[span.start]!.slice(span.head.length), ...contents.slice(span.start + 1, span.end)]
      .join(' ')
      .trim(),
  );

/** An insertion before line `at`, with a blank line between it and text around it if wanted. */
export function insertAt(
  contents: readonly string[],
  at: number,
  lines: string[],
  separate: { before?: boolean; after?: boolean } = {},
): Splice {
  const out = [...lines];
  if (separate.before && at > 0 && !isBlank(contents[at - 1]!)) out.unshift('');
  if (separate.after && at < contents.length && !isBlank(contents[at]!)) out.push('');
  return { start: at, end: at, lines: out };
}

/** What a new line of content may take: the width less the frame before it. */
export const room = (width: number, frame: string) => Math.max(20, width - columns(frame));
