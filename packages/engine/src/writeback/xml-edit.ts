import type { FieldChanges } from './layout.ts';
import { columns } from './wrap.ts';

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();
const lastSegment = (type: string) => type.slice(type.lastIndexOf('.') + 1);

/** One element of a C# XML doc comment: content lines [start, end), its name and attribute. */
interface Element {
  name: string;
  key: string;
  start: number;
  end: number;
}

/** The top-level elements of an XML doc comment, each on whole lines. */
function elements(contents: readonly string[]): Element[] | undefined {
  const out: Element[] = [];
  for (let i = 0; i < contents.length; i++) {
    const line = contents[i]!;
    if (!line.trim()) continue;
    const open = /^\s*<([A-Za-z]+)\b([^>]*?)(\/?)>/.exec(line);
    if (!open) return undefined;
    const name = open[1]!;
    const key = /(?:name|cref)\s*=\s*"([^"]*)"/.exec(open[2]!)?.[1] ?? '';
    let end = i;
    if (open[3] !== '/') {
      const close = `</${name}>`;
      while (end < contents.length && !contents[end]!.includes(close)) end++;
      if (end === contents.length || !contents[end]!.trimEnd().endsWith(close)) return undefined;
    }
    out.push({ name, key, start: i, end: end + 1 });
    i = end;
  }
  return out;
}

/** An element with its text: on one line when it fits, else open, text lines, close. */
function element(open: string, close: string, text: string, room: number): string[] {
  const body = escape(text)
    .split('\n')
    .map((l) => l.trimEnd());
  const one = `${open}${body.join(' ').trim()}${close}`;
  if (body.length === 1 && columns(one) <= room) return [one];
  return [open, ...body, close];
}

/**
 * The line changes that rewrite or add the changed fields' elements of a C# XML doc comment
 * (its content lines), the other elements kept; a string says why it cannot be done.
 */
export function xmlSplices(
  contents: readonly string[],
  changes: FieldChanges,
  room: number,
): { start: number; end: number; lines: string[] }[] | string {
  const found = elements(contents);
  if (!found) return 'its XML doc comment has text outside elements the writer can place';
  const splices: { start: number; end: number; lines: string[] }[] = [];
  const find = (name: string, key = '') =>
    found.find(
      (e) =>
        e.name === name && (key === '' || e.key === key || lastSegment(e.key) === lastSegment(key)),
    );
  const lastOf = (...names: string[]) => [...found].reverse().find((e) => names.includes(e.name));
  const put = (existing: Element | undefined, after: Element | undefined, lines: string[]) => {
    if (existing) splices.push({ start: existing.start, end: existing.end, lines });
    else {
      const at = after ? after.end : found.length ? found[found.length - 1]!.end : 0;
      splices.push({ start: at, end: at, lines });
    }
  };
  if (changes.summary !== undefined)
    put(find('summary'), undefined, element('<summary>', '</summary>', changes.summary, room));
  if (changes.description !== undefined)
    put(
      find('remarks'),
      lastOf('summary'),
      element('<remarks>', '</remarks>', changes.description, room),
    );
  for (const p of changes.params)
    put(
      find('param', p.name),
      lastOf('param', 'typeparam', 'remarks', 'summary'),
      element(`<param name="${escape(p.name)}">`, '</param>', p.description, room),
    );
  if (changes.returns)
    put(
      find('returns'),
      lastOf('param', 'typeparam', 'remarks', 'summary'),
      element('<returns>', '</returns>', changes.returns.description, room),
    );
  if (changes.throws) {
    const left = [...changes.throws];
    for (const e of found.filter((x) => x.name === 'exception')) {
      const at = left.findIndex((t) => lastSegment(t.type ?? '') === lastSegment(e.key));
      if (at === -1) {
        splices.push({ start: e.start, end: e.end, lines: [] });
        continue;
      }
      const t = left.splice(at, 1)[0]!;
      const text = collapse(
        contents
          .slice(e.start, e.end)
          .join(' ')
          .replace(/<[^>]*>/g, ''),
      );
      if (text !== collapse(escape(t.description)))
        splices.push({
          start: e.start,
          end: e.end,
          lines: element(
            `<exception cref="${escape(e.key)}">`,
            '</exception>',
            t.description,
            room,
          ),
        });
    }
    for (const t of left)
      put(
        undefined,
        lastOf('exception', 'returns', 'param', 'typeparam', 'remarks', 'summary'),
        element(
          `<exception cref="${escape(t.type ?? 'System.Exception')}">`,
          '</exception>',
          t.description,
          room,
        ),
      );
  }
  if (changes.example !== undefined)
    put(find('example'), undefined, [
      '<example>',
      '<code>',
      ...escape(changes.example)
        .split('\n')
        .map((l) => l.trimEnd()),
      '</code>',
      '</example>',
    ]);
  return splices;
}
