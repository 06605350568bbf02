import type { CodeObject, FileIndex } from '../model.ts';
import { commentBody, type BodyKind, type CommentBody } from './comment-body.ts';
import { changesOf, commentHas } from './comment-changes.ts';
import { isWritableField, mergeParts, partsOfComment, type DocParts } from './doc-parts.ts';
import { editComment } from './field-edit.ts';
import { columns } from './wrap.ts';
import {
  conventionOf,
  renderComment,
  renderDocstring,
  type CommentConvention,
  type DocstringStyle,
} from './render.ts';

/**
 * The fields to write into one object's comment, by field id (values as the product holds
 * them): `fields` replace what the comment says, `additions` are written only where the
 * comment says nothing (generated text a person accepts: never over the author's words).
 */
export interface ObjectDocEdit {
  objectId: string;
  fields: ReadonlyMap<string, string>;
  additions?: ReadonlyMap<string, string>;
}

/** Why an object's doc was not written. */
export interface SkippedObject {
  objectId: string;
  reason: string;
}

/** A file with its doc comments written: the new text and what was (not) written. */
export interface WrittenFile {
  text: string;
  written: { objectId: string; fields: string[]; parts: DocParts }[];
  skipped: SkippedObject[];
}

/** Options of a write: the Python docstring style (the repository's, see `detectDocstringStyle`). */
export interface WriteOptions {
  docstringStyle?: DocstringStyle;
}

/** A line of the file: its text without the line ending, and the ending it had. */
interface Line {
  text: string;
  eol: string;
}

function splitLines(text: string): Line[] {
  const out: Line[] = [];
  const pattern = /\r\n|\n|\r(?!\n)/g;
  let at = 0;
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    out.push({ text: text.slice(at, m.index), eol: m[0] });
    at = m.index + m[0].length;
  }
  out.push({ text: text.slice(at), eol: '' });
  return out;
}

/** The line ending the file mostly uses (CRLF files keep CRLF in what is added). */
function dominantEol(lines: readonly Line[]): string {
  let crlf = 0;
  let lf = 0;
  for (const line of lines) {
    if (line.eol === '\r\n') crlf++;
    else if (line.eol === '\n') lf++;
  }
  return crlf > lf ? '\r\n' : '\n';
}

const indentOf = (text: string) => /^[ \t]*/.exec(text)![0];

/** A change of lines [start, end) (0-based) to `lines`; applied from the bottom up. */
interface Replacement {
  start: number;
  end: number;
  lines: string[];
  /** Put before each non-empty line; '' for lines that carry their own. */
  indent: string;
}

const ATTRIBUTE: Partial<Record<CommentConvention, RegExp>> = {
  rust: /^\s*#!?\[/,
  // Go directives stay right above the declaration, the doc above them
  go: /^\s*\/\/(?:go:|export |line |nolint|lint:)/,
  // decorators and annotations above a declaration whose range starts below them
  jsdoc: /^\s*@/,
  javadoc: /^\s*@/,
  phpdoc: /^\s*#\[/,
  xml: /^\s*\[/,
};

/**
 * Lines [start, end) of the comment right above line `anchor` that the engine read as the doc,
 * or undefined when there is none.
 */
function commentAbove(
  lines: readonly Line[],
  anchor: number,
  convention: CommentConvention,
): { start: number; end: number } | undefined {
  // blank lines between the doc and its declaration stay (Javadoc and PHPDoc readers allow them)
  let i = anchor - 1;
  while (i >= 0 && lines[i]!.text.trim() === '') i--;
  if (i < 0) return undefined;
  const end = i + 1;
  const text = lines[i]!.text.trim();
  if (/\*\/$/.test(text)) {
    while (i >= 0 && !/^\s*\/\*/.test(lines[i]!.text)) i--;
    // a `/**` doc, or the plain `/* … */` block C code documents with (the engine read it)
    return i >= 0 ? { start: i, end } : undefined;
  }
  const marker =
    convention === 'yard' ? /^\s*#(?![[!])/ : convention === 'go' ? /^\s*\/\/(?!\/)/ : /^\s*\/\/\//;
  if (!marker.test(lines[i]!.text)) return undefined;
  while (i - 1 >= 0 && marker.test(lines[i - 1]!.text)) i--;
  return { start: i, end };
}

/** Closing minus opening brackets of a line of code, string and char literals left out. */
function bracketBalance(text: string): number {
  let balance = 0;
  for (const c of text.replace(/(["'`])(?:\\.|(?!\1).)*\1/g, '')) {
    if (c === ')' || c === ']' || c === '}') balance++;
    else if (c === '(' || c === '[' || c === '{') balance--;
  }
  return balance;
}

/** How far up (at most) an attribute spread over several lines is looked for. */
const ATTRIBUTE_LINES = 100;

/**
 * The first line of the attribute that ends on line `last`: that line when it starts one, else,
 * when it closes brackets opened above (`@Component({` … `})`), the line that opens them if an
 * attribute starts there; undefined when line `last` ends no attribute.
 */
function attributeStart(lines: readonly Line[], last: number, attribute: RegExp) {
  const text = lines[last]!.text;
  if (attribute.test(text)) return last;
  let depth = bracketBalance(text);
  if (depth <= 0) return undefined;
  for (let i = last - 1; i >= 0 && last - i <= ATTRIBUTE_LINES; i--) {
    depth += bracketBalance(lines[i]!.text);
    if (depth <= 0) return depth === 0 && attribute.test(lines[i]!.text) ? i : undefined;
  }
  return undefined;
}

/** The line (0-based) a comment goes above: the declaration's, above its attributes. */
function anchorLine(lines: readonly Line[], object: CodeObject, convention: CommentConvention) {
  let anchor = object.range.startLine - 1;
  const attribute = ATTRIBUTE[convention];
  if (!attribute) return anchor;
  for (;;) {
    const start = anchor > 0 ? attributeStart(lines, anchor - 1, attribute) : undefined;
    if (start === undefined) return anchor;
    anchor = start;
  }
}

/** Whether the file's JSDoc `@param` lines mostly use TSDoc's ` - ` (yes when it has none). */
function usesParamDash(lines: readonly Line[]): boolean {
  let dash = 0;
  let plain = 0;
  for (const { text } of lines) {
    const m = /^\s*\*?\s*@param\s+(?:\{[^}]*\}\s*)?\S+\s+(\S+)/.exec(text);
    if (m?.[1] === '-') dash++;
    else if (m) plain++;
  }
  return dash >= plain;
}

function commentReplacement(
  lines: readonly Line[],
  object: CodeObject,
  convention: Exclude<CommentConvention, 'python'>,
  parts: DocParts,
): Replacement | string {
  const anchor = anchorLine(lines, object, convention);
  const line = lines[anchor];
  if (!line) return 'the declaration is not in the file';
  const existing = object.doc ? commentAbove(lines, anchor, convention) : undefined;
  if (object.doc && !existing) return 'its doc comment is not where the writer can replace it';
  const types = new Map(
    object.parameters.flatMap((p) => (p.type ? [[p.name.replace(/^\$/, ''), p.type]] : [])) as [
      string,
      string,
    ][],
  );
  return {
    start: existing?.start ?? anchor,
    end: existing?.end ?? anchor,
    lines: renderComment(convention, parts, types, {
      jsdocDash: convention !== 'jsdoc' || usesParamDash(lines),
    }),
    indent: indentOf(existing ? lines[existing.start]!.text : line.text),
  };
}

/**
 * Where a Python definition's body starts: the line after the header's `:` (brackets and
 * strings in the header skipped), or undefined for a body on the header's line.
 */
function pythonBodyLine(lines: readonly Line[], object: CodeObject): number | undefined {
  let row = object.range.startLine - 1;
  while (row < lines.length && !/^\s*(async\s+def|def|class)\b/.test(lines[row]!.text)) row++;
  let depth = 0;
  let quote: string | undefined;
  for (; row < lines.length && row < object.range.endLine; row++) {
    const text = lines[row]!.text;
    for (let c = 0; c < text.length; c++) {
      const ch = text[c]!;
      if (quote) {
        if (ch === '\\') c++;
        else if (text.startsWith(quote, c)) {
          c += quote.length - 1;
          quote = undefined;
        }
      } else if (ch === '#') break;
      else if (ch === '"' || ch === "'")
        quote = text.startsWith(ch.repeat(3), c) ? ch.repeat(3) : ch;
      else if ('([{'.includes(ch)) depth++;
      else if (')]}'.includes(ch)) depth--;
      else if (ch === ':' && depth === 0) {
        const rest = text.slice(c + 1).trim();
        return rest === '' || rest.startsWith('#') ? row + 1 : undefined;
      }
    }
  }
  return undefined;
}

const STRING_START = /^\s*([rRuU]|[rR][bB]|[bB][rR])?("""|'''|"|')/;

/** Lines [start, end) of a string literal starting at `row`, or undefined when it is not one. */
function stringStatement(
  lines: readonly Line[],
  row: number,
): { start: number; end: number } | undefined {
  const m = STRING_START.exec(lines[row]!.text);
  if (!m) return undefined;
  const quote = m[2]!;
  let rest = lines[row]!.text.slice(m[0].length);
  for (let r = row; r < lines.length; r++) {
    for (let c = 0; c < rest.length; c++) {
      if (rest[c] === '\\') c++;
      else if (rest.startsWith(quote, c)) return { start: row, end: r + 1 };
    }
    if (quote.length === 1) return undefined;
    rest = lines[r + 1]?.text ?? '';
  }
  return undefined;
}

function docstringReplacement(
  lines: readonly Line[],
  object: CodeObject,
  style: DocstringStyle,
  parts: DocParts,
): Replacement | string {
  const body = pythonBodyLine(lines, object);
  if (body === undefined) return 'its body is on the line of its header';
  let first = body;
  while (first < lines.length && (!lines[first]!.text.trim() || /^\s*#/.test(lines[first]!.text)))
    first++;
  if (first >= lines.length) return 'its body is empty';
  const existing = object.doc ? stringStatement(lines, first) : undefined;
  if (object.doc && !existing) return 'its docstring is not where the writer can replace it';
  return {
    start: existing?.start ?? first,
    end: existing?.end ?? first,
    lines: renderDocstring(style, parts, object.returnType),
    indent: indentOf(lines[first]!.text),
  };
}

/** Where an object's existing comment is, and how it is framed. */
function existingComment(
  lines: readonly Line[],
  object: CodeObject,
  convention: CommentConvention,
): { start: number; end: number; body: CommentBody } | string {
  let range: { start: number; end: number } | undefined;
  if (convention === 'python') {
    // a module's docstring is the file's first statement
    const bodyLine = object.kind === 'module' ? 0 : pythonBodyLine(lines, object);
    if (bodyLine === undefined) return 'its body is on the line of its header';
    let first = bodyLine;
    while (first < lines.length && (!lines[first]!.text.trim() || /^\s*#/.test(lines[first]!.text)))
      first++;
    range = first < lines.length ? stringStatement(lines, first) : undefined;
  } else {
    const anchor = anchorLine(lines, object, convention);
    if (!lines[anchor]) return 'the declaration is not in the file';
    range = commentAbove(lines, anchor, convention);
  }
  if (!range) return 'its doc comment is not where the writer can replace it';
  // comment lines above the doc the reader leaves out (Ruby's magic comments, a licence
  // banner): the doc starts at its own first line
  const first = object.doc?.text.trim().split('\n')[0]?.trim();
  if (first && convention !== 'python' && !/^\s*\/\*/.test(lines[range.start]!.text)) {
    const at = lines
      .slice(range.start, range.end)
      .findIndex((l) => l.text.replace(/^\s*(\/\/\/?|#)/, '').trim() === first);
    if (at > 0) range = { start: range.start + at, end: range.end };
  }
  const texts = lines.slice(range.start, range.end).map((l) => l.text);
  const kind: BodyKind =
    convention === 'python' ? 'docstring' : /^\s*\/\*/.test(texts[0]!) ? 'block' : 'line';
  const marker = convention === 'yard' ? '#' : convention === 'go' ? '//' : '///';
  const body = commentBody(texts, kind, marker);
  if (!body) return 'its doc comment is not one the writer can read line by line';
  // a docstring that is not raw reads `\n` and the like as what they stand for
  if (kind === 'docstring' && !/^\s*[rR]/.test(texts[0]!) && texts.some((t) => /\\./.test(t)))
    return 'its docstring holds backslash escapes, which the writer does not rewrite';
  // the comment found is the one the reader read (not a plain comment between it and the
  // declaration): both start with the same words
  const loose = (s: string | undefined) =>
    (s ?? '')
      .replace(/^[\s*]+/, '')
      .replace(/\s+/g, ' ')
      .trim();
  const said = loose(object.doc?.text.split('\n').find((l) => loose(l) !== ''));
  const found = loose(body.lines.map((l) => l.content).find((l) => loose(l) !== ''));
  if (said && found && !found.startsWith(said.slice(0, 20)) && !said.startsWith(found.slice(0, 20)))
    return 'its doc comment is not where the writer can replace it';
  return { ...range, body };
}

/** The columns a comment's wrapped prose reaches: its longest line that text continues on. */
function measuredWidth(body: CommentBody): number | undefined {
  let widest: number | undefined;
  const ls = body.lines;
  for (let i = 0; i + 1 < ls.length; i++) {
    const here = ls[i]!.content;
    const next = ls[i + 1]!.content;
    // a line that ends a sentence before a new line may be broken by hand, not filled
    if (
      !here.trim() ||
      !next.trim() ||
      /^\s/.test(here) ||
      /[.:;!?]$/.test(here.trim()) ||
      /^\s*([@\\:#>|*-]|\d+[.)]|```)/.test(next)
    )
      continue;
    const w = columns(ls[i]!.raw ?? '');
    if (w < 40) continue;
    if (widest === undefined || w > widest) widest = w;
  }
  return widest;
}

/** The width a language's doc comments wrap at when a file shows none (PEP 8, gofmt's, …). */
const CONVENTION_WIDTH: Record<CommentConvention, number> = {
  python: 72,
  go: 80,
  rust: 80,
  jsdoc: 80,
  javadoc: 100,
  phpdoc: 80,
  yard: 80,
  xml: 100,
};

const SENTENCE_END: Record<string, RegExp> = {
  // like Java's sentence BreakIterator (the reader's): `e.g. one` goes on, `done. Next` ends
  java: /\.(?=\s+[^a-z\s]|\s*$)/,
  // go/doc's synopsis
  go: /[.!?](?=\s|$)/,
};

const sameParts = (a: DocParts, b: DocParts) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Writes the chosen fields of some objects of one file into their doc comments, in the file's
 * language's convention. In an existing comment only the lines of the fields that change are
 * rewritten (filled to the file's width, indented as the comment's own lines); everything
 * else in it stays byte for byte, and a field written back as read changes nothing. A missing
 * comment is inserted above the declaration (Python: as the body's first statement) in the
 * repository's convention. Code lines are never changed; new lines end as the file's do.
 */
export function writeDocs(
  source: string,
  file: FileIndex,
  edits: readonly ObjectDocEdit[],
  options: WriteOptions = {},
): WrittenFile {
  const convention = conventionOf(file.language);
  const byId = new Map(file.objects.map((o) => [o.id, o]));
  const skipped: SkippedObject[] = [];
  const written: WrittenFile['written'] = [];
  const lines = splitLines(source);
  const eol = dominantEol(lines);
  const replacements: Replacement[] = [];
  // the file's own width: the comments' (median of the widest wrapped line of each)
  let fileWidth: number | undefined | null = null;
  const widthOfFile = (c: CommentConvention) => {
    if (fileWidth === null) {
      const widths = file.objects
        .flatMap((o) => {
          if (!o.doc) return [];
          const found = existingComment(lines, o, c);
          return typeof found === 'string' ? [] : [measuredWidth(found.body) ?? []].flat();
        })
        .sort((a, b) => a - b);
      fileWidth = widths.length ? widths[Math.floor(widths.length / 2)]! : undefined;
    }
    return fileWidth ?? CONVENTION_WIDTH[c];
  };
  for (const edit of edits) {
    const object = byId.get(edit.objectId);
    if (!object) {
      skipped.push({ objectId: edit.objectId, reason: 'the object is not in this file' });
      continue;
    }
    if (!convention) {
      skipped.push({
        objectId: edit.objectId,
        reason: `no doc comment writer for ${file.language ?? 'this file'}`,
      });
      continue;
    }
    const writable = (m: ReadonlyMap<string, string> | undefined) =>
      [...(m ?? [])].filter(([id, value]) => isWritableField(id) && value.trim() !== '');
    // accepted generated text only where the author wrote nothing, an edit over it
    const fields = new Map([
      ...writable(edit.additions).filter(([id]) => !commentHas(object.doc, id)),
      ...writable(edit.fields),
    ]);
    if (fields.size === 0) continue;
    const order = object.parameters.map((p) => p.name);
    const types = new Map(
      object.parameters.flatMap((p) => (p.type ? [[p.name.replace(/^\$/, ''), p.type]] : [])) as [
        string,
        string,
      ][],
    );
    const current = partsOfComment(object.doc);
    const parts = mergeParts(current, fields, order);
    let change: Replacement | string;
    let ids = [...fields.keys()];
    // a method's `self` and `cls` are never documented
    if (convention === 'python') for (const id of ['param:self', 'param:cls']) fields.delete(id);
    if (object.doc) {
      const delta = changesOf(object.doc, fields, order, types);
      if (delta.ids.length === 0 || sameParts(parts, current)) continue;
      ids = delta.ids;
      const found = existingComment(lines, object, convention);
      if (typeof found === 'string') change = found;
      else {
        const edited = editComment(found.body, object.doc, delta.changes, {
          convention,
          docstringStyle: options.docstringStyle ?? 'google',
          width: measuredWidth(found.body) ?? widthOfFile(convention),
          order,
          paramTypes: types,
          ...(object.returnType && { returnType: object.returnType }),
          ...(file.language &&
            SENTENCE_END[file.language] && {
              sentenceEnd: SENTENCE_END[file.language],
            }),
        });
        change =
          typeof edited === 'string'
            ? edited
            : { start: found.start, end: found.end, lines: edited, indent: '' };
      }
    } else {
      if (!parts.summary) {
        skipped.push({ objectId: object.id, reason: 'a doc comment needs a summary' });
        continue;
      }
      change =
        convention === 'python'
          ? docstringReplacement(lines, object, options.docstringStyle ?? 'google', parts)
          : commentReplacement(lines, object, convention, parts);
    }
    if (typeof change === 'string') {
      skipped.push({ objectId: object.id, reason: change });
      continue;
    }
    if (
      replacements.some(
        (r) => r.start === change.start || (change.start < r.end && r.start < change.end),
      )
    ) {
      skipped.push({ objectId: object.id, reason: 'its comment overlaps another object’s' });
      continue;
    }
    replacements.push(change);
    written.push({ objectId: object.id, fields: ids, parts });
  }
  replacements.sort((a, b) => b.start - a.start);
  const out = [...lines];
  for (const r of replacements) {
    const kept = r.end - r.start;
    const added = r.lines.map((text, k) =>
      // an unchanged line keeps its own ending
      r.indent === '' && k < kept && out[r.start + k]!.text === text
        ? out[r.start + k]!
        : { text: text ? r.indent + text : '', eol },
    );
    // the comment's last line keeps the ending it had (a file may end right after it)
    out.splice(r.start, r.end - r.start, ...added);
  }
  // a file without a final line ending gets none after a comment added at its very end
  return {
    text: out.map((line) => line.text + line.eol).join(''),
    written,
    skipped,
  };
}
