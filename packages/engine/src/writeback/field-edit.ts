import type { DocComment } from '../model.ts';
import { bodyText, newLine, type BodyLine, type CommentBody } from './comment-body.ts';
import type { CommentConvention, DocstringStyle } from './render.ts';
import { columns, wrapText } from './wrap.ts';
import { xmlSplices } from './xml-edit.ts';

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
interface Splice {
  start: number;
  end: number;
  lines: string[];
}

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();
const isBlank = (s: string) => s.trim() === '';
const leading = (s: string) => /^[ \t]*/.exec(s)![0];
const bare = (name: string) =>
  name
    .replace(/^[[(]*(\.\.\.|&|\$|\*{1,2})*/, '')
    .replace(/[\]),:]*$/, '')
    .replace(/=.*$/, '')
    .replace(/^\$/, '');

/** Lines inside ``` fences or `<pre>` blocks: code, where no line starts a tag or section. */
function codeLines(contents: readonly string[]): boolean[] {
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
function trimmed(contents: readonly string[], start: number, end: number) {
  while (start < end && isBlank(contents[start]!)) start++;
  while (end > start && isBlank(contents[end - 1]!)) end--;
  return { start, end };
}

/** One field's lines: [start, end), the text kept before its words on the first line. */
interface Span {
  start: number;
  end: number;
  head: string;
  /** What a continuation line starts with (content-relative indent). */
  indent: string;
  /** A head the writer cannot take apart (a type over several lines): not refilled. */
  opaque?: boolean;
}

/** Where things are in a comment (content-line indices). */
interface Layout {
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
const spanText = (contents: readonly string[], span: Span) =>
  collapse(
    [contents[span.start]!.slice(span.head.length), ...contents.slice(span.start + 1, span.end)]
      .join(' ')
      .trim(),
  );

/** An insertion before line `at`, with a blank line between it and text around it if wanted. */
function insertAt(
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
const room = (width: number, frame: string) => Math.max(20, width - columns(frame));

function tagLayout(contents: readonly string[], ctx: EditContext, frame: string): Layout {
  const code = codeLines(contents);
  const starts: { tag: string; at: number }[] = [];
  contents.forEach((line, i) => {
    const m = !code[i] && /^\s*[@\\]([A-Za-z]+)/.exec(line);
    if (m) starts.push({ tag: m[1]!.toLowerCase(), at: i });
  });
  const blocks = starts.map((s, k) => ({
    tag: s.tag,
    ...trimmed(contents, s.at, starts[k + 1]?.at ?? contents.length),
  }));
  const proseEnd = blocks[0]?.start ?? contents.length;
  const conv = ctx.convention;
  const continuation = (() => {
    for (const b of blocks)
      if (b.end - b.start > 1 && b.tag !== 'example' && !isBlank(contents[b.start + 1]!))
        return leading(contents[b.start + 1]!);
    return conv === 'jsdoc' || conv === 'yard' ? '  ' : '    ';
  })();
  const w = room(ctx.width, frame);
  const params = new Map<string, Span>();
  let returns: Span | undefined;
  const throws: Span[] = [];
  let example: Span | undefined;
  for (const b of blocks) {
    const line = contents[b.start]!;
    const tagged = /^(\s*[@\\][A-Za-z]+(?:\[[^\]]*\])?[ \t]*)(.*)$/.exec(line)!;
    let head = tagged[1]!;
    let rest = tagged[2]!;
    const token = (): string | undefined => {
      const m = /^(\{(?:[^{}]|\{[^{}]*\})*\}|\[[^\]]*\]|\S+)([ \t]*)/.exec(rest);
      if (!m) return undefined;
      head += m[0];
      rest = rest.slice(m[0].length);
      return m[1];
    };
    const unbalanced = (line.match(/\{/g) ?? []).length > (line.match(/\}/g) ?? []).length;
    const span = (): Span => ({
      start: b.start,
      end: b.end,
      head,
      indent: continuation,
      ...(unbalanced && { opaque: true }),
    });
    if (b.tag === 'param' || b.tag === 'arg' || b.tag === 'argument') {
      // the name is among the first tokens (after a `{type}` or a PHP type)
      for (let k = 0; k < 3; k++) {
        const t = token();
        if (t === undefined) break;
        if (t.startsWith('{')) continue;
        const name = bare(t);
        if (ctx.order.some((n) => bare(n) === name) || (k > 0 && /^[$&.]/.test(t))) {
          // YARD's `[Type]` and a ` - ` separator stay in the head
          if (/^\[/.test(rest)) token();
          if (/^[-–—:](\s|$)/.test(rest)) token();
          params.set(name, span());
          break;
        }
      }
    } else if (b.tag === 'return' || b.tag === 'returns') {
      if (/^[{[]/.test(rest) || conv === 'phpdoc') token();
      returns = span();
    } else if (['throws', 'throw', 'exception', 'raise', 'raises'].includes(b.tag)) {
      token();
      throws.push(span());
    } else if (b.tag === 'example' || b.tag === 'examples') {
      example = { start: b.start + 1, end: b.end, head: '', indent: '' };
      if (example.start > example.end) example.end = example.start;
    }
  }
  const firstOf = (pred: (tag: string) => boolean) => blocks.find((b) => pred(b.tag));
  const lastOf = (pred: (tag: string) => boolean) => [...blocks].reverse().find((b) => pred(b.tag));
  const isParam = (t: string) => ['param', 'arg', 'argument', 'type', 'template'].includes(t);
  const isThrows = (t: string) => ['throws', 'throw', 'exception', 'raise', 'raises'].includes(t);
  const noTags = blocks.length === 0;
  const atEnd = (lines: string[]) =>
    insertAt(contents, trimmed(contents, 0, contents.length).end, lines, { before: noTags });
  const dash = [...params.values()].some((s) => /\s[-–—]\s*$/.test(s.head));
  const fill = (head: string, text: string) => wrapText(text, head, continuation, w, w);
  return {
    proseEnd,
    params,
    returns,
    throws,
    example,
    insertParam(name, lines) {
      const rank = (n: string) => ctx.order.findIndex((o) => bare(o) === bare(n));
      const mine = rank(name);
      const before = [...params.entries()].filter(([n]) => rank(n) < mine);
      if (before.length)
        return insertAt(contents, Math.max(...before.map(([, s]) => s.end)), lines);
      const after = [...params.values()];
      if (after.length) return insertAt(contents, Math.min(...after.map((s) => s.start)), lines);
      const other = firstOf((t) => !isParam(t));
      return other ? insertAt(contents, other.start, lines) : atEnd(lines);
    },
    insertReturns(lines) {
      const last = lastOf(isParam);
      if (last) return insertAt(contents, last.end, lines);
      const next = firstOf((t) => t !== 'return' && t !== 'returns');
      return next ? insertAt(contents, next.start, lines) : atEnd(lines);
    },
    insertThrows(lines) {
      const last = lastOf((t) => isThrows(t) || t === 'return' || t === 'returns' || isParam(t));
      if (last) return insertAt(contents, last.end, lines);
      const next = firstOf(() => true);
      return next ? insertAt(contents, next.start, lines) : atEnd(lines);
    },
    insertExample(lines) {
      return atEnd(lines);
    },
    renderParam(name, type, text) {
      if (conv === 'phpdoc') {
        const t = type ?? ctx.paramTypes.get(name.replace(/^\$/, '')) ?? 'mixed';
        return fill(`@param ${t} $${name.replace(/^\$/, '')} `, text);
      }
      if (conv === 'yard') return fill(`@param ${name}${type ? ` [${type}]` : ''} `, text);
      if (conv === 'jsdoc')
        return fill(`@param ${name}${dash || params.size === 0 ? ' -' : ''} `, text);
      return fill(`@param ${name} `, text);
    },
    renderReturns(type, text) {
      if (conv === 'yard') return fill(`@return${type ? ` [${type}]` : ''} `, text);
      return fill(conv === 'jsdoc' ? '@returns ' : '@return ', text);
    },
    renderThrows(entries) {
      return entries.flatMap((t) => {
        const type = t.type ?? (conv === 'jsdoc' ? 'Error' : 'Exception');
        if (conv === 'jsdoc') return fill(`@throws {${type}} `, t.description);
        if (conv === 'yard') return fill(`@raise [${type}] `, t.description);
        return fill(`@throws ${type} `, t.description);
      });
    },
    renderExample(text) {
      const indent = conv === 'yard' ? '  ' : '';
      return ['@example', ...text.split('\n').map((l) => (l ? indent + l : ''))];
    },
    refill(span, text) {
      return wrapText(text, /\S$/.test(span.head) ? `${span.head} ` : span.head, span.indent, w, w);
    },
  };
}

// ---- Python docstrings ------------------------------------------------------------------

const SECTION_KINDS: Record<string, 'params' | 'returns' | 'throws' | 'example' | 'other'> = {
  args: 'params',
  arguments: 'params',
  parameters: 'params',
  params: 'params',
  returns: 'returns',
  return: 'returns',
  yields: 'returns',
  raises: 'throws',
  raise: 'throws',
  example: 'example',
  examples: 'example',
};
const GOOGLE_HEADER = /^\s*([A-Za-z][A-Za-z ]*):\s*$/;
const FIELD_LINE = /^(\s*:([A-Za-z]+)((?:\s+[^:\s][^:]*)?):)(\s*)(.*)$/;

interface PySection {
  kind: string;
  header: number;
  bodyStart: number;
  end: number;
  indent: number;
  numpy: boolean;
}

function docstringLayout(contents: readonly string[], ctx: EditContext, body: CommentBody): Layout {
  const n = contents.length;
  const ind = (i: number) => leading(contents[i]!).length;
  // the reader's cleandoc takes the common indent off; a NumPy heading is at that indent, and
  // a title between two rules (reST's overline) is not one
  const base = Math.min(
    ...contents.slice(1).flatMap((l) => (isBlank(l) ? [] : [leading(l).length])),
    Number.MAX_SAFE_INTEGER,
  );
  const rule = (i: number) => i >= 0 && i < n && /^\s*-{3,}\s*$/.test(contents[i]!);
  const isNumpyHeader = (i: number) =>
    !isBlank(contents[i]!) &&
    rule(i + 1) &&
    !rule(i - 1) &&
    (i === 0 || leading(contents[i]!).length === base);
  const blockStarts: number[] = [];
  const fields: { name: string; arg: string; start: number; end: number; head: string }[] = [];
  const sections: PySection[] = [];
  const doctests: { start: number; end: number }[] = [];
  // where a field's or item's text ends: lines indented deeper, blank lines between them, and
  // for fields (often not indented) lines at the same indent up to a blank line or a field
  const runEnd = (from: number, base: number, loose: boolean) => {
    let j = from;
    while (j < n) {
      if (isBlank(contents[j]!)) {
        let k = j + 1;
        while (k < n && isBlank(contents[k]!)) k++;
        if (k < n && ind(k) > base) {
          j = k;
          continue;
        }
        break;
      }
      if (ind(j) > base) j++;
      else if (loose && !FIELD_LINE.test(contents[j]!) && !GOOGLE_HEADER.test(contents[j]!)) j++;
      else break;
    }
    return trimmed(contents, from, j).end;
  };
  for (let i = 0; i < n; i++) {
    const line = contents[i]!;
    const field = FIELD_LINE.exec(line);
    if (field) {
      const end = Math.max(i + 1, runEnd(i + 1, ind(i), true));
      fields.push({
        name: field[2]!.toLowerCase(),
        arg: field[3]!.trim(),
        start: i,
        end,
        head: `${field[1]} `,
      });
      blockStarts.push(i);
      i = end - 1;
      continue;
    }
    const google = GOOGLE_HEADER.exec(line);
    const numpy = isNumpyHeader(i);
    const key = (google?.[1] ?? (numpy ? line.trim() : '')).toLowerCase();
    if ((google && key in SECTION_KINDS) || (numpy && key)) {
      const bodyStart = numpy ? i + 2 : i + 1;
      let end = bodyStart;
      if (numpy) while (end < n && !isNumpyHeader(end)) end++;
      else end = runEnd(bodyStart, ind(i), false);
      sections.push({
        kind: SECTION_KINDS[key] ?? 'other',
        header: i,
        bodyStart,
        end: trimmed(contents, bodyStart, end).end,
        indent: ind(i),
        numpy,
      });
      blockStarts.push(i);
      i = end - 1;
      continue;
    }
    if (line.trim().startsWith('>>>')) {
      let end = i + 1;
      while (end < n && !isBlank(contents[end]!)) end++;
      doctests.push({ start: i, end });
      blockStarts.push(i);
      i = end - 1;
      continue;
    }
    if (/^\s*(\.\.\s+deprecated::|deprecated:)/i.test(line)) blockStarts.push(i);
  }
  const proseEnd = blockStarts[0] ?? n;
  const style: DocstringStyle = fields.length
    ? 'rest'
    : sections.some((s) => s.numpy)
      ? 'numpy'
      : sections.length
        ? 'google'
        : ctx.docstringStyle;
  const w = room(ctx.width, body.middle);
  // a continuation's indent, as the docstring's own multi-line fields and items have it
  const measured = (() => {
    for (const f of fields)
      if (f.end - f.start > 1 && !isBlank(contents[f.start + 1]!))
        return contents[f.start + 1]!.slice(0, ind(f.start + 1) - ind(f.start));
    return undefined;
  })();
  const contIndent = measured !== undefined && measured.length > 0 ? measured : '    ';
  const sectionOf = (kind: string) => sections.find((s) => s.kind === kind);
  const itemIndentOf = (s: PySection) => {
    for (let i = s.bodyStart; i < s.end; i++)
      if (!isBlank(contents[i]!)) return leading(contents[i]!);
    return ' '.repeat(s.indent) + (s.numpy ? '' : '    ');
  };
  /** The items of a Google or NumPy section: a line at the items' indent and what follows. */
  const itemsOf = (s: PySection) => {
    const indent = itemIndentOf(s).length;
    const out: { name: string; start: number; end: number; line: string }[] = [];
    for (let i = s.bodyStart; i < s.end; i++) {
      if (isBlank(contents[i]!) || ind(i) !== indent) continue;
      const end = Math.max(i + 1, runEnd(i + 1, indent, false));
      const m = /^\s*\**([A-Za-z_][\w.]*)/.exec(contents[i]!);
      out.push({ name: m?.[1] ?? '', start: i, end: Math.min(end, s.end), line: contents[i]! });
      i = end - 1;
    }
    return out;
  };
  const params = new Map<string, Span>();
  let returns: Span | undefined;
  const throws: Span[] = [];
  let example: Span | undefined;
  for (const f of fields) {
    const indent = ' '.repeat(ind(f.start)) + contIndent;
    const span = { start: f.start, end: f.end, head: f.head, indent };
    if (['param', 'parameter', 'arg', 'argument', 'key', 'keyword'].includes(f.name)) {
      const name = f.arg.split(/\s+/).pop();
      if (name) params.set(bare(name), span);
    } else if (f.name === 'returns' || f.name === 'return') returns = span;
    else if (['raises', 'raise', 'except', 'exception'].includes(f.name)) throws.push(span);
  }
  for (const s of sections) {
    const itemIndent = itemIndentOf(s);
    if (s.kind === 'params' || s.kind === 'throws') {
      for (const item of itemsOf(s)) {
        const google = /^(\s*\**[A-Za-z_][\w.]*\s*(?:\([^)]*\))?\s*:)(\s*)/.exec(item.line);
        const span: Span = s.numpy
          ? {
              start: item.start + 1,
              end: item.end,
              head: itemIndent + '    ',
              indent: itemIndent + '    ',
            }
          : {
              start: item.start,
              end: item.end,
              head: google ? `${google[1]} ` : item.line,
              indent: itemIndent + '    ',
            };
        if (s.numpy && item.end > item.start + 1)
          span.head = span.indent = leading(contents[item.start + 1]!);
        if (s.kind === 'params' && !params.has(bare(item.name))) params.set(bare(item.name), span);
        else if (s.kind === 'throws') throws.push(span);
      }
    } else if (s.kind === 'returns' && !returns) {
      const first = trimmed(contents, s.bodyStart, s.end);
      const typed = /^(\s*[^:\s][^:]*?:)(\s+)/.exec(contents[first.start] ?? '');
      if (s.numpy) {
        // `type` on its own line, the text indented under it
        const start = ind(first.start) === s.indent ? first.start + 1 : first.start;
        const indent = start < first.end ? leading(contents[start]!) : itemIndent + '    ';
        returns = { start, end: Math.max(start, first.end), head: indent, indent };
      } else
        returns = {
          ...first,
          head: typed && !/\s/.test(typed[1]!.trim().slice(0, -1)) ? `${typed[1]} ` : itemIndent,
          indent: itemIndent + '    ',
        };
    } else if (s.kind === 'example' && !example)
      example = { start: s.bodyStart, end: s.end, head: itemIndent, indent: itemIndent };
  }
  if (!example && doctests[0]) example = { ...doctests[0], head: '', indent: '' };

  const end = trimmed(contents, 0, n).end;
  const atEnd = (lines: string[]) => insertAt(contents, end, lines, { before: true });
  const fieldAfter = (names: string[]) => [...fields].reverse().find((f) => names.includes(f.name));
  const newSection = (title: string, lines: string[]): string[] =>
    style === 'numpy'
      ? [title, '-'.repeat(title.length), ...lines]
      : [`${title}:`, ...lines.map((l) => (l ? `    ${l}` : ''))];
  /** A new section goes after the last of the sections that come before it, else at the end. */
  const placeSection = (kinds: string[], lines: string[]): Splice => {
    const before = [...sections].reverse().find((s) => kinds.includes(s.kind));
    if (before) return insertAt(contents, before.end, lines, { before: true, after: true });
    const next = sections[0] && sections.find((s) => !kinds.includes(s.kind));
    if (next) return insertAt(contents, next.header, lines, { before: true, after: true });
    return atEnd(lines);
  };
  const fillItem = (head: string, text: string, indent: string) =>
    wrapText(text, head, indent, w, w);
  return {
    proseEnd,
    params,
    returns,
    throws,
    example,
    insertParam(name, lines) {
      if (style === 'rest') {
        const last = fieldAfter([
          'param',
          'parameter',
          'arg',
          'argument',
          'type',
          'key',
          'keyword',
        ]);
        if (last) return insertAt(contents, last.end, lines);
        if (fields[0]) return insertAt(contents, fields[0].start, lines);
        return atEnd(lines);
      }
      const s = sectionOf('params');
      if (s) {
        const items = itemsOf(s);
        const rank = (n: string) => ctx.order.indexOf(n);
        const before = items.filter((it) => rank(it.name) !== -1 && rank(it.name) < rank(name));
        const at = before.length ? before[before.length - 1]!.end : (items[0]?.start ?? s.end);
        return insertAt(contents, at, lines);
      }
      return placeSection([], lines);
    },
    insertReturns(lines) {
      if (style === 'rest') {
        const rtype = fields.find((f) => f.name === 'rtype');
        if (rtype) return insertAt(contents, rtype.start, lines);
        const last = fieldAfter([
          'param',
          'parameter',
          'arg',
          'argument',
          'type',
          'key',
          'keyword',
        ]);
        if (last) return insertAt(contents, last.end, lines);
        if (fields[0]) return insertAt(contents, fields[0].start, lines);
        return atEnd(lines);
      }
      return placeSection(['params'], lines);
    },
    insertThrows(lines) {
      if (style === 'rest') {
        const last = fieldAfter([
          'raises',
          'raise',
          'except',
          'exception',
          'returns',
          'return',
          'rtype',
          'param',
          'type',
        ]);
        return last ? insertAt(contents, last.end, lines) : atEnd(lines);
      }
      return placeSection(['params', 'returns'], lines);
    },
    insertExample(lines) {
      if (style === 'rest') {
        const at = trimmed(contents, 0, proseEnd).end;
        return insertAt(contents, at, lines, { before: true, after: true });
      }
      return atEnd(lines);
    },
    renderParam(name, type, text) {
      if (style === 'rest') return fillItem(`:param ${name}: `, text, contIndent);
      const s = sectionOf('params');
      const indent = s ? itemIndentOf(s) : style === 'numpy' ? '' : '';
      if (style === 'numpy') {
        const item = [
          `${indent}${type ? `${name} : ${type}` : name}`,
          ...fillItem(`${indent}    `, text, `${indent}    `),
        ];
        return s ? item : newSection('Parameters', item);
      }
      const item = fillItem(
        `${s ? indent : ''}${name}${type ? ` (${type})` : ''}: `,
        text,
        `${s ? indent : ''}    `,
      );
      return s ? item : newSection('Args', item);
    },
    renderReturns(type, text) {
      if (style === 'rest') return fillItem(':returns: ', text, contIndent);
      type ??= ctx.returnType;
      if (style === 'numpy')
        return newSection(
          'Returns',
          type ? [type, ...fillItem('    ', text, '    ')] : fillItem('    ', text, '    '),
        );
      return newSection('Returns', fillItem('', text, '    '));
    },
    renderThrows(entries) {
      if (style === 'rest')
        return entries.flatMap((t) =>
          fillItem(`:raises ${t.type ?? 'Exception'}: `, t.description, contIndent),
        );
      if (style === 'numpy')
        return newSection(
          'Raises',
          entries.flatMap((t) => [
            t.type ?? 'Exception',
            ...fillItem('    ', t.description, '    '),
          ]),
        );
      return newSection(
        'Raises',
        entries.flatMap((t) => fillItem(`${t.type ?? 'Exception'}: `, t.description, '    ')),
      );
    },
    renderExample(code) {
      const lines = code.split('\n');
      if (style === 'rest' || (style === 'google' && !sections.length)) {
        return /^\s*>>>/.test(code) ? lines : lines.map((l) => (l ? `>>> ${l}` : l));
      }
      return newSection(style === 'numpy' ? 'Examples' : 'Example', lines);
    },
    refill(span, text) {
      return wrapText(text, span.head, span.indent, w, w);
    },
  };
}

// ---- Markdown (Go, Rust) ----------------------------------------------------------------

function markdownLayout(contents: readonly string[], ctx: EditContext, body: CommentBody): Layout {
  const code = codeLines(contents);
  const headings: { title: string; at: number }[] = [];
  contents.forEach((line, i) => {
    const m = !code[i] && /^#{1,6}\s+(.+?)\s*$/.exec(line);
    if (m) headings.push({ title: m[1]!.toLowerCase(), at: i });
  });
  const sections = headings.map((h, k) => ({
    ...h,
    ...trimmed(contents, h.at + 1, headings[k + 1]?.at ?? contents.length),
  }));
  const proseEnd = headings[0]?.at ?? contents.length;
  const rust = ctx.convention === 'rust';
  const w = room(ctx.width, body.middle);
  const params = new Map<string, Span>();
  let returns: Span | undefined;
  const throws: Span[] = [];
  let example: Span | undefined;
  const args = sections.find((s) => s.title === 'arguments' || s.title === 'parameters');
  if (args)
    for (let i = args.start; i < args.end; i++) {
      const m = /^(\s*[-*]\s+`?([A-Za-z_]\w*)`?\s*(?:[-–:]\s*)?)/.exec(contents[i]!);
      if (!m) continue;
      let end = i + 1;
      while (end < args.end && /^\s+\S/.test(contents[end]!)) end++;
      params.set(m[2]!, { start: i, end, head: m[1]!, indent: '  ' });
    }
  for (const s of sections) {
    const span = { start: s.start, end: s.end, head: '', indent: '' };
    if (s.title === 'returns') returns = span;
    else if (s.title === 'errors') throws.push(span);
    else if (s.title.startsWith('example')) example = span;
  }
  const end = trimmed(contents, 0, contents.length).end;
  const section = (title: string, lines: string[]) => ['# ' + title, '', ...lines];
  const atEnd = (lines: string[]) => insertAt(contents, end, lines, { before: true });
  const fill = (head: string, text: string, indent = '') => wrapText(text, head, indent, w, w);
  return {
    proseEnd,
    params,
    returns,
    throws,
    example,
    insertParam(_name, lines) {
      const last = [...params.values()].pop();
      return last ? insertAt(contents, last.end, lines) : atEnd(lines);
    },
    insertReturns: atEnd,
    insertThrows: atEnd,
    insertExample: atEnd,
    renderParam(name, _type, text) {
      const item = rust
        ? fill(`* \`${name}\` - `, text, '  ')
        : fill(`  - ${name}: `, text, '    ');
      return params.size ? item : section(rust ? 'Arguments' : 'Parameters', item);
    },
    renderReturns(_type, text) {
      return section('Returns', fill('', text));
    },
    renderThrows(entries) {
      return section(
        'Errors',
        entries.flatMap((t) => fill(t.type ? `${t.type}: ` : '', t.description)),
      );
    },
    renderExample(text) {
      return section('Examples', ['```', ...text.split('\n'), '```']);
    },
    refill(span, text) {
      return wrapText(text, span.head, span.indent, w, w);
    },
  };
}

// ---- the edit -----------------------------------------------------------------------------

/** The first sentence of a paragraph and what follows it, as a first-sentence reader splits. */
function firstSentence(text: string, sentenceEnd: RegExp): [string, string] {
  const end = sentenceEnd.exec(text);
  if (!end || end.index + 1 >= text.length) return [text, ''];
  return [text.slice(0, end.index + 1), text.slice(end.index + 1).trim()];
}

/**
 * The comment with the changed fields put in: only the lines of those fields change (filled
 * to the width, continuations indented as the comment's own), every other line stays as it
 * is. A string says why the comment cannot be changed that way.
 */
export function editComment(
  body: CommentBody,
  doc: DocComment,
  changes: FieldChanges,
  ctx: EditContext,
): string[] | string {
  const contents = body.lines.map((l) => l.content);
  if (ctx.convention === 'xml') {
    const splices = xmlSplices(contents, changes, room(ctx.width, body.middle));
    if (typeof splices === 'string') return splices;
    return applySplices(body, splices, ctx) ?? 'two of the changes fall on the same lines';
  }
  const layout =
    ctx.convention === 'python'
      ? docstringLayout(contents, ctx, body)
      : ctx.convention === 'go' || ctx.convention === 'rust'
        ? markdownLayout(contents, ctx, body)
        : tagLayout(contents, ctx, body.middle);
  if (ctx.convention === 'python') {
    const all = [
      changes.summary,
      changes.description,
      changes.example,
      changes.returns?.description,
      ...changes.params.map((p) => p.description),
      ...(changes.throws ?? []).map((t) => t.description),
    ].join('\n');
    const quote = /("""|'''|"|')$/.exec(body.opener ?? body.lines[0]?.prefix ?? '')?.[1] ?? '"""';
    if (all.includes(quote)) return 'the new text holds the docstring’s quotes';
    if (all.includes('\\') && !/^\s*[rR]/.test(body.opener ?? body.lines[0]?.prefix ?? ''))
      return 'the new text holds a backslash, which this docstring would read as an escape';
  }
  const splices: Splice[] = [];
  const w = room(ctx.width, body.middle);
  const opaque = [
    ...changes.params.map((p) => layout.params.get(bare(p.name))),
    ...(changes.returns ? [layout.returns] : []),
    ...(changes.throws ? layout.throws : []),
  ].some((span) => span?.opaque);
  if (opaque) return 'a tag it changes has a type over several lines, which the writer keeps';
  // the summary the reader took is the comment's first paragraph (or its first sentence)
  if (changes.summary !== undefined || changes.description !== undefined) {
    const prose = trimmed(contents, 0, layout.proseEnd);
    let end = prose.start;
    while (end < prose.end && !isBlank(contents[end]!)) end++;
    // markup aside (HTML tags and entities, inline tags, roles), as readers normalise it
    const letters = (t: string) =>
      t
        .replace(/&#?\w+;|<[^>]*>|\{@\w+|:\w+:/g, '')
        .replace(/[^\p{L}\p{N}]+/gu, '')
        .slice(0, 16);
    const first = letters(contents.slice(prose.start, end).join(' '));
    const said = letters(doc.summary);
    if (said && !first.startsWith(said) && !said.startsWith(first))
      return 'its summary is not the first paragraph the writer can replace';
  }

  // prose: the summary (the first paragraph, or its first sentence) and the description
  if (changes.summary !== undefined || changes.description !== undefined) {
    const prose = trimmed(contents, 0, layout.proseEnd);
    let summaryEnd = prose.start;
    while (summaryEnd < prose.end && !isBlank(contents[summaryEnd]!)) summaryEnd++;
    const paragraph = collapse(contents.slice(prose.start, summaryEnd).join(' '));
    const [sentence, rest] =
      ctx.sentenceEnd && collapse(doc.summary) !== paragraph
        ? firstSentence(paragraph, ctx.sentenceEnd)
        : [paragraph, ''];
    const descStart = trimmed(contents, summaryEnd, prose.end).start;
    const firstFrame = prose.start === 0 ? (body.lines[0]?.prefix ?? body.middle) : body.middle;
    const firstRoom = room(ctx.width, firstFrame);
    const summaryText = changes.summary !== undefined ? collapse(changes.summary) : sentence;
    if (changes.description === undefined) {
      const text = rest ? `${summaryText} ${rest}` : summaryText;
      splices.push({
        start: prose.start,
        end: summaryEnd,
        lines: wrapText(text, '', '', firstRoom, w),
      });
    } else {
      const description = changes.description.trim();
      const lines = [
        ...(changes.summary !== undefined || rest
          ? wrapText(summaryText, '', '', firstRoom, w)
          : contents.slice(prose.start, summaryEnd)),
        ...(description ? ['', ...wrapText(description, '', '', w, w)] : []),
      ];
      // the blank line before the tags stays as it was
      splices.push({ start: prose.start, end: Math.max(summaryEnd, prose.end), lines });
      void descStart;
    }
  }

  for (const p of changes.params) {
    const span = layout.params.get(bare(p.name));
    if (span)
      splices.push({ start: span.start, end: span.end, lines: layout.refill(span, p.description) });
    else
      splices.push(layout.insertParam(p.name, layout.renderParam(p.name, p.type, p.description)));
  }
  if (changes.returns) {
    const r = changes.returns;
    const span = layout.returns;
    if (span)
      splices.push({ start: span.start, end: span.end, lines: layout.refill(span, r.description) });
    else splices.push(layout.insertReturns(layout.renderReturns(r.type, r.description)));
  }
  if (changes.throws) {
    const spans = layout.throws;
    if (spans.length === 0) {
      if (changes.throws.length)
        splices.push(layout.insertThrows(layout.renderThrows(changes.throws)));
    } else if (ctx.convention === 'go' || ctx.convention === 'rust') {
      const s = spans[0]!;
      const text = changes.throws
        .map((t) => (t.type ? `${t.type}: ${t.description}` : t.description))
        .join('\n\n');
      splices.push({ start: s.start, end: s.end, lines: wrapText(text, '', '', w, w) });
    } else {
      // each entry against the comment's own (the k-th tag is the reader's k-th entry): kept
      // when its text is the same, refilled under its own head when not, dropped when gone
      const said = spans.length === doc.throws.length ? doc.throws : undefined;
      const typeOf = (k: number) =>
        said
          ? (said[k]!.type ?? 'Error')
          : collapse(spans[k]!.head)
              .split(' ')
              .pop()!
              .replace(/^[{[]|[}\]:]$/g, '');
      const sameType = (a: string, b: string) =>
        a === b || a.slice(a.lastIndexOf('.') + 1) === b.slice(b.lastIndexOf('.') + 1);
      // the product holds one entry per type (two of a type in the comment read as one):
      // a type's tags stay when one says the entry's text, else its first is refilled
      const left = [...changes.throws];
      const byType = new Map<string, number[]>();
      spans.forEach((_, k) => {
        const key = [...byType.keys()].find((t) => sameType(t, typeOf(k))) ?? typeOf(k);
        byType.set(key, [...(byType.get(key) ?? []), k]);
      });
      for (const [type, ks] of byType) {
        const at = left.findIndex((t) => sameType(t.type ?? 'Error', type));
        if (at === -1) {
          for (const k of ks)
            splices.push({ start: spans[k]!.start, end: spans[k]!.end, lines: [] });
          continue;
        }
        const entry = left.splice(at, 1)[0]!;
        const texts = ks.map((k) =>
          said ? collapse(said[k]!.description) : spanText(contents, spans[k]!),
        );
        if (!texts.includes(collapse(entry.description))) {
          const s = spans[ks[0]!]!;
          splices.push({ start: s.start, end: s.end, lines: layout.refill(s, entry.description) });
        }
      }
      if (left.length) {
        const last = spans[spans.length - 1]!;
        splices.push({ start: last.end, end: last.end, lines: layout.renderThrows(left) });
      }
    }
  }
  if (changes.example !== undefined) {
    const span = layout.example;
    if (span) {
      const lines = changes.example.split('\n').map((l) => (l ? span.head + l : ''));
      const fenced = contents.slice(span.start, span.end);
      // a Markdown example keeps its fence; a doctest stays a doctest
      const markdown = ctx.convention === 'go' || ctx.convention === 'rust';
      const doctest = ctx.convention === 'python' && fenced.some((l) => l.trim().startsWith('>>>'));
      splices.push({
        start: span.start,
        end: span.end,
        lines: markdown
          ? ['```', ...changes.example.split('\n'), '```']
          : doctest && !/^\s*>>>/.test(changes.example)
            ? lines.map((l) => (l ? `${span.head}>>> ${l.slice(span.head.length)}` : l))
            : lines,
      });
    } else splices.push(layout.insertExample(layout.renderExample(changes.example)));
  }
  return applySplices(body, splices, ctx) ?? 'two of the changes fall on the same lines';
}

/** The body with the splices made (bottom up), or undefined when two overlap. */
function applySplices(
  body: CommentBody,
  splices: Splice[],
  ctx: EditContext,
): string[] | undefined {
  // insertions at one place go in the order they were made (parameters, returns, throws,
  // example), one blank line at most between them, none between tags or fields
  const merged: Splice[] = [];
  for (const s of splices) {
    const same = merged.find((m) => m.start === m.end && s.start === s.end && m.start === s.start);
    if (!same) {
      merged.push({ ...s, lines: [...s.lines] });
      continue;
    }
    let lines = [...s.lines];
    const firstText = lines.find((l) => !isBlank(l)) ?? '';
    if (lines[0] === '' && (/^\s*[@:\\]/.test(firstText) || same.lines.at(-1) === ''))
      lines = lines.slice(1);
    same.lines.push(...lines);
  }
  const sorted = merged.sort((a, b) => b.start - a.start || b.end - a.end);
  for (let k = 1; k < sorted.length; k++) {
    const above = sorted[k]!;
    const below = sorted[k - 1]!;
    if (above.end > below.start || (above.start === below.start && above.end > above.start))
      return undefined;
  }
  const out: CommentBody = { ...body, lines: [...body.lines] };
  const escape = (s: string) =>
    ctx.convention === 'python' || out.kind !== 'block' ? s : s.replace(/\*\//g, '*\\/');
  // a one-line comment that grows opens up: `/** a */` becomes `/**`, ` * a`, ` */`
  const grows = sorted.some((s) => s.lines.length !== s.end - s.start || s.lines.length > 1);
  if (out.lines.length === 1 && out.opener === undefined && out.closer === undefined && grows) {
    const only = out.lines[0]!;
    const indent = leading(only.prefix);
    if (out.kind === 'block') {
      out.opener = `${indent}/**`;
      out.closer = `${out.blank}/`;
      out.lines = [{ ...only, raw: undefined, prefix: out.middle, suffix: '' }];
    } else if (out.kind === 'docstring') {
      // a one-quote docstring that grows takes three quotes
      const triple = (s: string) => s.replace(/(^|[^"'])("|')(?!\2)/, '$1$2$2$2');
      const single = /^[^"']*("|')(?!\1)/.test(only.suffix.trim());
      const closer = only.suffix.trim();
      out.closer = `${out.middle}${single ? triple(closer) : closer}`;
      out.lines = [
        { ...only, raw: undefined, prefix: single ? triple(only.prefix) : only.prefix, suffix: '' },
      ];
    }
  }
  // text added after the last line that holds the closing marker: the marker moves down
  const last = out.lines[out.lines.length - 1];
  if (
    last?.suffix &&
    out.closer === undefined &&
    sorted.some((s) => s.start === s.end && s.end === out.lines.length && s.lines.length > 0)
  ) {
    out.closer = out.kind === 'docstring' ? `${out.middle}${last.suffix.trim()}` : `${out.blank}/`;
    out.lines[out.lines.length - 1] = { ...last, raw: undefined, suffix: '' };
  }
  for (const s of sorted) {
    const made: BodyLine[] = s.lines.map((content) => newLine(out, escape(content)));
    // the first line keeps the opening marker it had (`/** Summary`, `"""Summary`)
    if (s.start === 0 && out.opener === undefined && made[0] && out.lines[0])
      made[0] = { ...made[0], prefix: out.lines[0].prefix };
    if (
      s.end === out.lines.length &&
      out.closer === undefined &&
      made.length &&
      out.lines[s.end - 1]
    ) {
      const end = made.length - 1;
      made[end] = { ...made[end]!, suffix: out.lines[s.end - 1]!.suffix };
    }
    // a line that stays the same stays as it was, byte for byte
    for (let k = 0; k < made.length && s.start + k < s.end; k++) {
      const old = out.lines[s.start + k]!;
      const m = made[k]!;
      if (
        old.content.trimEnd() === m.content.trimEnd() &&
        old.prefix.trimEnd() === m.prefix.trimEnd()
      )
        made[k] = old;
    }
    out.lines.splice(s.start, s.end - s.start, ...made);
  }
  return bodyText(out);
}
