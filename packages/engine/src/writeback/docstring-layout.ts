import type { CommentBody } from './comment-body.ts';
import type { DocstringStyle } from './render.ts';
import { wrapText } from './wrap.ts';
import {
  bare,
  insertAt,
  isBlank,
  leading,
  room,
  trimmed,
  type EditContext,
  type Layout,
  type Span,
  type Splice,
} from './layout.ts';

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

/** Where the fields of a Python docstring are (reST fields, Google or NumPy sections, doctests). */
export function docstringLayout(
  contents: readonly string[],
  ctx: EditContext,
  body: CommentBody,
): Layout {
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
