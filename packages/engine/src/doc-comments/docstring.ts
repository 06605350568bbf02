import type { DocComment } from '../model.ts';
import { emptyDoc, splitSummary } from './tagged.ts';

type Section = 'params' | 'returns' | 'throws' | 'examples' | 'see' | 'prose';

const SECTIONS: Record<string, Section> = {
  args: 'params',
  arguments: 'params',
  parameters: 'params',
  params: 'params',
  'other parameters': 'params',
  'keyword args': 'params',
  'keyword arguments': 'params',
  returns: 'returns',
  return: 'returns',
  yields: 'returns',
  yield: 'returns',
  raises: 'throws',
  raise: 'throws',
  throws: 'throws',
  exceptions: 'throws',
  example: 'examples',
  examples: 'examples',
  'see also': 'see',
  // kept as written, in the description
  note: 'prose',
  notes: 'prose',
  warning: 'prose',
  warnings: 'prose',
  attributes: 'prose',
  references: 'prose',
  todo: 'prose',
};

const indentOf = (line: string) => line.length - line.trimStart().length;
const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Epytext (`@param x: text`, `@rtype: T`) read as the Sphinx fields it mirrors. */
function epytextToSphinx(text: string): string {
  return text.replace(
    /^(\s*)@(param|type|return|returns|rtype|raise|raises|keyword|kwarg|exception)\b([^:\n]*):/gm,
    '$1:$2$3:',
  );
}

/** A Sphinx field list entry: `:param str path: text`, `:raises OSError:`, `:returns:`. */
const FIELD = /^:([A-Za-z]+)((?:\s+[^:\s][^:]*)?):(?:\s+(.*)|$)/;

/**
 * The lines of a field or item body that follow its first line: lines indented deeper than
 * `base`, blank lines between such lines, and (for Sphinx fields, which authors often do not
 * indent) lines at the same indent up to a blank line or the next field.
 */
function continuation(lines: string[], from: number, base: number, loose: boolean): number {
  let j = from;
  while (j < lines.length) {
    const line = lines[j]!;
    if (!line.trim()) {
      let k = j + 1;
      while (k < lines.length && !lines[k]!.trim()) k++;
      if (k < lines.length && indentOf(lines[k]!) > base) {
        j = k;
        continue;
      }
      break;
    }
    const t = line.trim();
    if (indentOf(line) > base) j++;
    else if (loose && !t.startsWith(':') && !t.startsWith('..') && !t.startsWith('>>>')) j++;
    else break;
  }
  return j;
}

function applySphinxField(doc: DocComment, tag: string, arg: string, body: string): boolean {
  const words = arg.trim().split(/\s+/).filter(Boolean);
  const name = words.pop() ?? '';
  const t = tag.toLowerCase();
  if (['param', 'parameter', 'arg', 'argument', 'key', 'keyword', 'kwarg'].includes(t)) {
    if (!name) return false;
    const p: DocComment['params'][number] = { name, description: body };
    if (words.length) p.type = words.join(' ');
    const existing = doc.params.find((x) => x.name === name);
    if (existing) Object.assign(existing, { ...p, type: p.type ?? existing.type });
    else doc.params.push(p);
  } else if (t === 'type') {
    const p = doc.params.find((x) => x.name === name);
    if (p) p.type = body;
    else doc.params.push({ name, type: body, description: '' });
  } else if (['returns', 'return', 'yields', 'yield'].includes(t)) {
    doc.returns = { ...doc.returns, description: body };
  } else if (t === 'rtype' || t === 'ytype') {
    doc.returns = { description: doc.returns?.description ?? '', type: body };
  } else if (['raises', 'raise', 'except', 'exception', 'throws'].includes(t)) {
    const types = arg.trim() ? arg.trim().split(/\s*,\s*|\s+or\s+/) : [''];
    for (const type of types)
      doc.throws.push(type ? { type, description: body } : { description: body });
  } else return false;
  return true;
}

/** `name (type): text`, `*args: text`, `name : type` (NumPy) or a bare `name`. */
const ITEM = /^(\*{0,2}[\w.]+(?:\s*,\s*\*{0,2}[\w.]+)*)\s*(?:\(([^)]*)\))?\s*(?::\s*(.*))?$/;

interface Item {
  head: string;
  body: string[];
}

/** Items of a Google or NumPy section: each at the section's indent, its text below or after. */
function sectionItems(lines: string[]): Item[] {
  const present = lines.filter((l) => l.trim());
  if (!present.length) return [];
  const base = Math.min(...present.map(indentOf));
  const items: Item[] = [];
  for (const line of lines) {
    if (!line.trim()) {
      items[items.length - 1]?.body.push('');
      continue;
    }
    if (indentOf(line) <= base) items.push({ head: line.trim(), body: [] });
    else items[items.length - 1]?.body.push(line.trim());
  }
  // blank lines after an item's text are not text of its own (a NumPy `Returns` line alone
  // followed by a blank line is a description, not a type waiting for one)
  for (const item of items) while (item.body.at(-1) === '') item.body.pop();
  return items;
}

function applySection(doc: DocComment, section: Section, lines: string[], prose: string[]): void {
  if (section === 'prose') {
    for (let i = 0; i < lines.length; i++) {
      const block = literalBlock(lines, i);
      if (block) {
        prose.push(...block.lines);
        i = block.end - 1;
      } else prose.push(lines[i]!);
    }
    return;
  }
  if (section === 'examples') {
    const block = dedentLines(lines).join('\n').trim();
    if (block) doc.examples.push(block);
    return;
  }
  const items = sectionItems(lines);
  if (section === 'returns') {
    if (!items.length) return;
    const first = items[0]!;
    const m = /^([\w.[\], |]+?)\s*:\s*(.*)$/.exec(first.head);
    const numpyName = /^(\w+)\s+:\s+(.+)$/.exec(first.head);
    const rest = [...items.slice(1).flatMap((i) => [i.head, ...i.body])];
    if (numpyName) {
      doc.returns = {
        type: numpyName[2]!,
        description: collapse([...first.body, ...rest].join(' ')),
      };
    } else if (m && !/\s/.test(m[1]!.replace(/\[[^\]]*\]|,\s*|\s*\|\s*/g, ''))) {
      // Google `dict: The rows.`
      doc.returns = {
        type: m[1]!,
        description: collapse([m[2]!, ...first.body, ...rest].join(' ')),
      };
    } else if (!first.body.length || /^[\w.[\], |]+$/.test(first.head)) {
      // NumPy: a type alone, its text indented below
      doc.returns = first.body.length
        ? { type: first.head, description: collapse([...first.body, ...rest].join(' ')) }
        : { description: collapse([first.head, ...rest].join(' ')) };
    } else {
      doc.returns = { description: collapse([first.head, ...first.body, ...rest].join(' ')) };
    }
    return;
  }
  for (const item of items) {
    if (section === 'see') {
      for (const name of item.head.split(/\s*,\s*/)) {
        const ref = name.replace(/\s*:.*$/, '').replace(/^:\w+:`~?|`$/g, '');
        if (ref) doc.see.push(ref);
      }
      continue;
    }
    const m = ITEM.exec(item.head);
    if (section === 'throws') {
      const type = m ? m[1]! : undefined;
      const text = collapse([m ? (m[3] ?? '') : item.head, ...item.body].join(' '));
      doc.throws.push(type ? { type, description: text } : { description: text });
      continue;
    }
    if (!m) {
      // a line that is no item continues the previous one
      const last = doc.params[doc.params.length - 1];
      if (last)
        last.description = collapse(`${last.description} ${item.head} ${item.body.join(' ')}`);
      continue;
    }
    let type = m[2];
    let text = m[3] ?? '';
    // NumPy `name : type` puts the text below the item
    if (!type && /^\S+(?:\s*,\s*\S+)*\s+:/.test(item.head) && item.body.length) {
      type = text || undefined;
      text = '';
    }
    const description = collapse([text, ...item.body].join(' '));
    for (const name of m[1]!.split(/\s*,\s*/)) {
      const p: DocComment['params'][number] = { name, description };
      if (type) p.type = type.trim();
      doc.params.push(p);
    }
  }
}

function dedentLines(lines: string[]): string[] {
  const present = lines.filter((l) => l.trim());
  const cut = present.length ? Math.min(...present.map(indentOf)) : 0;
  return lines.map((l) => l.slice(cut).trimEnd());
}

/**
 * Parses a cleaned Python docstring in Sphinx/reST (`:param x:` over as many lines as it
 * takes), Epytext (`@param x:`), Google (`Args:` with indented continuations) or NumPy
 * (`Parameters` over a dashed rule) style into the shared parts. Text no convention claims
 * stays in the description, so nothing the author wrote is lost.
 */
export function parseDocstring(source: string): DocComment {
  const doc = emptyDoc(source);
  // no colon, example or rule: no line below is a field, a section, a deprecation note or an
  // example, so all of it is prose (four in five of the standard library's docstrings)
  if (!source.includes(':') && !source.includes('>>>') && !source.includes('---'))
    return finishProse(doc, source);
  const text = /^\s*@(param|return|rtype|raise|type)\b/m.test(source)
    ? epytextToSphinx(source)
    : source;
  const lines = text.split('\n');
  const prose: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const trimmed = line.trim();
    const indent = indentOf(line);
    const field = FIELD.exec(trimmed);
    if (field) {
      const end = continuation(lines, i + 1, indent, true);
      const body = collapse([field[3] ?? '', ...lines.slice(i + 1, end)].join(' '));
      if (applySphinxField(doc, field[1]!, field[2] ?? '', body)) {
        i = end - 1;
        continue;
      }
    }
    const google = /^([A-Za-z][A-Za-z ]*):\s*$/.exec(trimmed);
    const numpy =
      indent === 0 && lines[i + 1] !== undefined && /^-{3,}\s*$/.test(lines[i + 1]!.trim());
    const key = (google?.[1] ?? (numpy ? trimmed : '')).toLowerCase();
    const section = SECTIONS[key];
    if ((google || numpy) && section) {
      const start = numpy ? i + 2 : i + 1;
      // a NumPy section runs to the next heading; a Google one to the first line not indented
      let end = start;
      if (numpy) {
        while (
          end < lines.length &&
          !(
            lines[end + 1] !== undefined &&
            /^-{3,}\s*$/.test(lines[end + 1]!.trim()) &&
            lines[end]!.trim()
          )
        )
          end++;
      } else end = continuation(lines, start, indent, false);
      if (section === 'prose') prose.push(line);
      applySection(doc, section, lines.slice(start, end), prose);
      i = end - 1;
      continue;
    }
    const deprecated = /^(?:\.\.\s+deprecated::|deprecated:)\s*(.*)$/i.exec(trimmed);
    if (deprecated) {
      // `DEPRECATED: …` runs to the end of its paragraph; `.. deprecated::` over its indented body
      const end = trimmed.startsWith('..')
        ? continuation(lines, i + 1, indent, false)
        : paragraphEnd(lines, i + 1);
      doc.deprecated = collapse([deprecated[1]!, ...lines.slice(i + 1, end)].join(' '));
      // written first, it is the summary too
      if (!trimmed.startsWith('..') && !prose.some((l) => l.trim()))
        prose.push(...lines.slice(i, end));
      i = end - 1;
      continue;
    }
    // a doctest of its own is an example (as write-back writes one); literal blocks, doctests
    // in them included, stay where they are in the text, as code
    if (trimmed.startsWith('>>>')) {
      let end = i + 1;
      while (end < lines.length && lines[end]!.trim()) end++;
      doc.examples.push(dedentLines(lines.slice(i, end)).join('\n'));
      i = end - 1;
      continue;
    }
    const block = literalBlock(lines, i);
    if (block) {
      prose.push(...block.lines);
      i = block.end - 1;
      continue;
    }
    prose.push(line);
  }
  return finishProse(doc, prose.join('\n'));
}

/**
 * The doc's summary and description from its prose, runs of blank lines made one (not in code);
 * reST roles read as the code spans they link, in every field of text.
 */
function finishProse(doc: DocComment, prose: string): DocComment {
  splitSummary(doc, prose);
  doc.description = outsideCode(doc.description, (t) => t.replace(/\n\s*\n(?:\s*\n)+/g, '\n\n'));
  if (doc.text.includes(':`')) {
    doc.summary = rstRoles(doc.summary);
    doc.description = outsideCode(doc.description, rstRoles);
    for (const p of doc.params) p.description = rstRoles(p.description);
    for (const t of doc.throws) t.description = rstRoles(t.description);
    if (doc.returns) doc.returns.description = rstRoles(doc.returns.description);
    if (doc.deprecated) doc.deprecated = rstRoles(doc.deprecated);
  }
  return doc;
}

/** `edit` applied to the text outside fenced code blocks. */
function outsideCode(text: string, edit: (text: string) => string): string {
  if (!text.includes('```')) return edit(text);
  return text
    .split(/(^```[^\n]*\n[\s\S]*?^```$)/m)
    .map((part, i) => (i % 2 ? part : edit(part)))
    .join('');
}

/** Roles naming Python objects (Sphinx's Python domain), shown as code. */
const OBJECT_ROLES =
  /:(?:py:)?(?:meth|method|class|func|function|attr|attribute|mod|module|exc|exception|data|obj|const|type|deco|keyword):`([^`]+)`/g;

/**
 * reST roles as Markdown: `` :meth:`~pkg.Session.send` `` → `` `send` `` (`~` shows only the last
 * component), `` :class:`Session` `` → `` `Session` ``, `` :func:`title <target>` `` → the title;
 * `:ref:` and `:doc:` as their title text, `:pep:` and `:rfc:` as "PEP 8" and "RFC 2616".
 */
export function rstRoles(text: string): string {
  if (!text.includes(':`')) return text;
  return text
    .replace(OBJECT_ROLES, (_all, target: string) => {
      let shown = target.replace(/^!/, '').trim();
      const titled = /^(.*?)\s*<([^>]+)>$/.exec(shown);
      if (titled?.[1]) shown = titled[1];
      else if (shown.startsWith('~')) shown = shown.slice(1).split('.').pop()!;
      return `\`${shown}\``;
    })
    .replace(/:(?:std:)?(?:ref|doc|term):`([^`]+)`/g, (_all, target: string) =>
      target.replace(/^(.*?)\s*<[^>]+>$/, '$1').replace(/^~/, ''),
    )
    .replace(/:pep:`(\d+)[^`]*`/g, 'PEP $1')
    .replace(/:rfc:`(\d+)[^`]*`/g, 'RFC $1');
}

/** The end of the paragraph a line continues: the next blank line, field or section. */
function paragraphEnd(lines: string[], from: number): number {
  let end = from;
  while (end < lines.length) {
    const t = lines[end]!.trim();
    if (!t || FIELD.test(t) || /^[A-Za-z][A-Za-z ]*:\s*$/.test(t)) break;
    end++;
  }
  return end;
}

/** `.. code-block:: python` and its kin, whose indented body is code. */
const CODE_DIRECTIVE = /^\.\.\s+(?:code-block|code|sourcecode|doctest|testcode)::\s*(\S*)\s*$/;

/**
 * The code block that starts at line `i`, fenced: a doctest (`>>>` to the next blank line; in
 * the text of a Note or Warning, where it is no example of its own), or the literal block that
 * a paragraph ending `::` (or a `.. code-block::`) introduces, the indented lines below it.
 * reST's `Usage::` reads `Usage:`, `Usage ::` reads `Usage`, a lone `::` goes.
 */
function literalBlock(lines: string[], i: number): { lines: string[]; end: number } | undefined {
  const line = lines[i]!;
  const trimmed = line.trim();
  if (trimmed.startsWith('>>>')) {
    let end = i + 1;
    while (end < lines.length && lines[end]!.trim()) end++;
    return { lines: ['```', ...dedentLines(lines.slice(i, end)), '```'], end };
  }
  const directive = CODE_DIRECTIVE.exec(trimmed);
  if (!directive && !trimmed.endsWith('::')) return undefined;
  const indent = indentOf(line);
  let end = i + 1;
  while (end < lines.length && (!lines[end]!.trim() || indentOf(lines[end]!) > indent)) end++;
  while (end > i + 1 && !lines[end - 1]!.trim()) end--;
  let body = lines.slice(i + 1, end);
  // a directive's options (`:linenos:`) open its body
  if (directive) {
    const first = body.findIndex((l) => l.trim());
    while (body[first] !== undefined && /^\s*:[\w-]+:/.test(body[first]!)) body.splice(first, 1);
  }
  body = dedentLines(body);
  while (body.length && !body[0]!.trim()) body.shift();
  if (!body.length) {
    // no block follows: the marker alone goes
    if (directive || trimmed === '::') return { lines: [], end };
    return { lines: [line.replace(/\s*::$/, trimmed.endsWith(' ::') ? '' : ':')], end: i + 1 };
  }
  const intro =
    directive || trimmed === '::'
      ? []
      : [line.replace(/(\s?)::$/, (_all, space: string) => (space ? '' : ':')), ''];
  const fence = directive?.[1] ? `\`\`\`${directive[1]}` : '```';
  return { lines: [...intro, fence, ...body, '```', ''], end };
}
