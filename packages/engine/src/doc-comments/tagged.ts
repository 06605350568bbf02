import type { DocComment } from '../model.ts';

/** An empty parsed comment for a given text; parsers fill in what they recognise. */
export function emptyDoc(text: string): DocComment {
  return { summary: '', description: '', params: [], throws: [], examples: [], see: [], text };
}

/** Splits free text into a one-paragraph summary and the remaining description. */
export function splitSummary(doc: DocComment, prose: string): void {
  const trimmed = prose.trim();
  const blank = trimmed.search(/\n\s*\n/);
  const first = blank === -1 ? trimmed : trimmed.slice(0, blank);
  doc.summary = first.replace(/\s+/g, ' ').trim();
  doc.description = blank === -1 ? '' : trimmed.slice(blank).trim();
}

const TYPE = /^\{([^}]*)\}\s*/;

/**
 * Parses `@tag` doc comments: JSDoc/TSDoc, Javadoc, KDoc, PHPDoc, YARD and Doxygen (`\param` or
 * `@param`). Unknown tags stay in the description so nothing the author wrote is lost.
 */
export function parseTaggedComment(text: string): DocComment {
  const doc = emptyDoc(text);
  const blocks: string[] = [];
  let prose = '';
  // one-line comments put tags inline: `/** Creates one. @param name who */`
  const lines = text.replace(
    /[ \t]+([@\\](?:param|returns?|throws|exception|deprecated|see|example)\b)/g,
    '\n$1',
  );
  for (const line of lines.split('\n')) {
    if (/^\s*[@\\][a-zA-Z]+/.test(line)) blocks.push(line.trim().slice(1));
    else if (blocks.length) blocks[blocks.length - 1] += `\n${line}`;
    else prose += `${line}\n`;
  }
  const extra: string[] = [];
  for (const block of blocks) {
    const tag = /^[a-zA-Z]+/.exec(block)![0];
    let rest = block.slice(tag.length).replace(/^[ \t]+/, '');
    let type: string | undefined;
    const typed = TYPE.exec(rest);
    if (typed) {
      type = typed[1];
      rest = rest.slice(typed[0].length);
    }
    switch (tag.toLowerCase()) {
      case 'param':
      case 'arg':
      case 'argument':
      case 'tparam':
      case 'property': {
        if (tag === 'tparam' || tag === 'property') {
          extra.push(`@${block}`);
          break;
        }
        // YARD: @param name [Type] text; PHPDoc: @param Type $name text
        let m =
          /^\[?([\w$.]+)\]?(?:\s*=[^\s\]]*\])?\s*(?:\[([^\]]*)\])?\s*(?:-\s*)?([\s\S]*)$/.exec(
            rest,
          );
        const php = /^(\S+)\s+\$(\w+)\s*([\s\S]*)$/.exec(rest);
        if (php) m = [php[0], php[2]!, php[1]!, php[3]!] as unknown as RegExpExecArray;
        if (m) {
          const param: DocComment['params'][number] = {
            name: m[1]!.replace(/^\$/, ''),
            description: clean(m[3] ?? ''),
          };
          const t = type ?? m[2];
          if (t) param.type = t;
          doc.params.push(param);
        }
        break;
      }
      case 'return':
      case 'returns': {
        const yard = /^\[([^\]]*)\]\s*([\s\S]*)$/.exec(rest);
        doc.returns = { description: clean(yard ? yard[2]! : rest) };
        const t = type ?? yard?.[1];
        if (t) doc.returns.type = t;
        break;
      }
      case 'throws':
      case 'throw':
      case 'exception':
      case 'raise':
      case 'raises': {
        const m = /^(?:\[([^\]]*)\]\s*)?([\w.$\\]+)?\s*([\s\S]*)$/.exec(rest)!;
        const t = type ?? m[1] ?? (m[2] && /^[A-Z\\]/.test(m[2]) ? m[2] : undefined);
        const description = t === m[2] ? m[3]! : rest;
        const entry: DocComment['throws'][number] = { description: clean(description) };
        if (t) entry.type = t;
        doc.throws.push(entry);
        break;
      }
      case 'example':
      case 'examples':
        doc.examples.push(dedentBlock(rest));
        break;
      case 'deprecated':
        doc.deprecated = clean(rest);
        break;
      case 'see':
      case 'link':
        doc.see.push(clean(rest));
        break;
      case 'brief':
        prose = `${rest}\n\n${prose}`;
        break;
      default:
        extra.push(`@${block}`);
    }
  }
  splitSummary(doc, prose);
  if (extra.length) doc.description = [doc.description, ...extra].filter(Boolean).join('\n');
  return doc;
}

function clean(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function dedentBlock(text: string): string {
  const lines = text.replace(/^\n+/, '').trimEnd().split('\n');
  const indents = lines.filter((l) => l.trim()).map((l) => l.length - l.trimStart().length);
  const cut = indents.length ? Math.min(...indents) : 0;
  return lines
    .map((l) => l.slice(cut))
    .join('\n')
    .replace(/^```\w*\n|\n```$/g, '');
}
