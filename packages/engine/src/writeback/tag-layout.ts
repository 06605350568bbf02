import { wrapText } from './wrap.ts';
import {
  bare,
  codeLines,
  insertAt,
  isBlank,
  leading,
  room,
  trimmed,
  type EditContext,
  type Layout,
  type Span,
} from './layout.ts';

/** Where the brace that opens `text` closes (its length with it), or undefined. */
function balancedEnd(text: string): number | undefined {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i + 1;
  }
  return undefined;
}

/** Where the fields of a tagged comment are (JSDoc, Javadoc/KDoc/Doxygen, PHPDoc, YARD). */
export function tagLayout(contents: readonly string[], ctx: EditContext, frame: string): Layout {
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
    // a type the reader cannot take whole (over lines, or nested deeper than it reads)
    const braced = /^\{(?:[^{}]|\{[^{}]*\})*\}/.exec(rest)?.[0].length;
    const unbalanced =
      (line.match(/\{/g) ?? []).length > (line.match(/\}/g) ?? []).length ||
      (rest.startsWith('{') && braced !== balancedEnd(rest));
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
