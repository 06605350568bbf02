import type { DocComment } from '../model.ts';
import { bodyText, newLine, type BodyLine, type CommentBody } from './comment-body.ts';
import { docstringLayout } from './docstring-layout.ts';
import {
  bare,
  collapse,
  isBlank,
  leading,
  room,
  spanText,
  trimmed,
  type EditContext,
  type FieldChanges,
  type Splice,
} from './layout.ts';
import { markdownLayout } from './markdown-layout.ts';
import { tagLayout } from './tag-layout.ts';
import { wrapText } from './wrap.ts';
import { xmlSplices } from './xml-edit.ts';

export type { EditContext, FieldChanges } from './layout.ts';

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
    if (said && (!first || (!first.startsWith(said) && !said.startsWith(first))))
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
