import type { CommentBody } from './comment-body.ts';
import { wrapText } from './wrap.ts';
import {
  codeLines,
  insertAt,
  room,
  trimmed,
  type EditContext,
  type Layout,
  type Span,
} from './layout.ts';

// ---- Markdown (Go, Rust) ----------------------------------------------------------------

/** Where the fields of a Markdown doc are (Go, Rust: `# Section` headings). */
export function markdownLayout(
  contents: readonly string[],
  ctx: EditContext,
  body: CommentBody,
): Layout {
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
