import type { DocComment } from '../model.ts';
import { emptyDoc, splitSummary } from './tagged.ts';

const GOOGLE_SECTIONS: Record<string, 'params' | 'returns' | 'throws' | 'examples' | 'see'> = {
  args: 'params',
  arguments: 'params',
  parameters: 'params',
  params: 'params',
  'keyword args': 'params',
  'keyword arguments': 'params',
  returns: 'returns',
  return: 'returns',
  yields: 'returns',
  raises: 'throws',
  throws: 'throws',
  exceptions: 'throws',
  example: 'examples',
  examples: 'examples',
  'see also': 'see',
};

/**
 * Parses a cleaned Python docstring in Google, NumPy or Sphinx (`:param x:`) style into the
 * shared parts; unrecognised text stays in the description.
 */
export function parseDocstring(text: string): DocComment {
  const doc = emptyDoc(text);
  const lines = text.split('\n');
  const prose: string[] = [];
  let section: (typeof GOOGLE_SECTIONS)[string] | undefined;
  let item: { name?: string; type?: string; description: string } | undefined;
  let example: string[] = [];
  let sectionIndent = 0;

  const flush = () => {
    if (!section || !item) return;
    const description = item.description.replace(/\s+/g, ' ').trim();
    if (section === 'params' && item.name) {
      const p: DocComment['params'][number] = { name: item.name, description };
      if (item.type) p.type = item.type;
      doc.params.push(p);
    } else if (section === 'returns') {
      // Google: `dict: The rows.`; NumPy: `dict` then an indented description
      doc.returns = { description: description || item.name || '' };
      const type = item.type ?? (description ? item.name : undefined);
      if (type) doc.returns.type = type;
    } else if (section === 'throws') {
      const t: DocComment['throws'][number] = { description };
      if (item.name) t.type = item.name;
      doc.throws.push(t);
    } else if (section === 'see' && item.name) {
      doc.see.push(item.name);
    }
    item = undefined;
  };
  const endExample = () => {
    if (example.some((l) => l.trim())) doc.examples.push(example.join('\n').trim());
    example = [];
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const trimmed = line.trim();
    const indent = line.length - line.trimStart().length;
    const heading = /^([A-Za-z ]+):\s*$/.exec(trimmed);
    const numpy = lines[i + 1] !== undefined && /^-{3,}\s*$/.test(lines[i + 1]!.trim());
    const key = (heading?.[1] ?? (numpy ? trimmed : '')).toLowerCase();
    if ((heading || numpy) && GOOGLE_SECTIONS[key] && indent === 0) {
      flush();
      endExample();
      section = GOOGLE_SECTIONS[key];
      sectionIndent = -1;
      if (numpy) i++;
      continue;
    }
    const sphinx =
      /^:(param|parameter|arg|type|returns?|rtype|raises?|except)\s*([^:]*):\s*(.*)$/.exec(trimmed);
    if (sphinx) {
      flush();
      section = undefined;
      const [, tag, arg, rest] = sphinx as unknown as [string, string, string, string];
      const words = arg.trim().split(/\s+/);
      const name = words.pop() ?? '';
      if (tag.startsWith('param') || tag === 'arg') {
        const p: DocComment['params'][number] = { name, description: rest };
        if (words.length) p.type = words.join(' ');
        doc.params.push(p);
      } else if (tag === 'type') {
        const p = doc.params.find((x) => x.name === name);
        if (p) p.type = rest;
      } else if (tag.startsWith('return')) {
        doc.returns = { ...doc.returns, description: rest };
      } else if (tag === 'rtype') {
        doc.returns = { description: doc.returns?.description ?? '', type: rest };
      } else {
        doc.throws.push(name ? { type: name, description: rest } : { description: rest });
      }
      continue;
    }
    if (/^\.\.\s+deprecated::/.test(trimmed) || /^deprecated:/i.test(trimmed)) {
      doc.deprecated = trimmed.replace(/^\.\.\s+deprecated::|^deprecated:/i, '').trim();
      continue;
    }
    if (!section) {
      if (trimmed.startsWith('>>>')) {
        example.push(line);
        continue;
      }
      if (example.length && trimmed) {
        example.push(line);
        continue;
      }
      endExample();
      prose.push(line);
      continue;
    }
    if (trimmed && indent === 0 && sectionIndent !== -1 && !/^-+$/.test(trimmed)) {
      // dedented text ends the section
      flush();
      section = undefined;
      prose.push(line);
      continue;
    }
    if (section === 'examples') {
      example.push(line);
      continue;
    }
    if (!trimmed) continue;
    if (sectionIndent === -1) sectionIndent = indent;
    if (indent <= sectionIndent) {
      flush();
      const m = /^\*{0,2}([\w.]+)\s*(?:\(([^)]*)\))?\s*(?::\s*(.*))?$/.exec(trimmed);
      if (m && (section !== 'returns' || m[3] !== undefined || m[2] !== undefined)) {
        item = { name: m[1]!, description: m[3] ?? '' };
        if (m[2]) item.type = m[2];
        // NumPy: "name : type"
        if (
          m[3] !== undefined &&
          m[2] === undefined &&
          /^\S+\s+:\s*/.test(trimmed) &&
          !m[3].includes(' ')
        ) {
          item.type = m[3];
          item.description = '';
        }
      } else {
        item = { description: trimmed };
      }
    } else if (item) {
      item.description += ` ${trimmed}`;
    }
  }
  flush();
  endExample();
  splitSummary(doc, prose.join('\n'));
  return doc;
}
