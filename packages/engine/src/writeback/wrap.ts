/** Columns a line takes, a tab counted as four. */
export const columns = (text: string) => text.replace(/\t/g, '    ').length;

// a word that would start a line and be read as markup there (a tag, a field, a list item, a
// heading, a doctest prompt) stays on the line of the word before it
const MARKUP_START = /^([@\\:#>*+|-]|\d+[.)]|```)/;

/** A paragraph is kept as written when its lines are laid out by hand (code, lists, tables). */
export function isPreformatted(lines: readonly string[]): boolean {
  return lines.some((line) => /^(\s|[-*+|>]\s|\d+[.)]\s|```|>>>|\.\.\s)/.test(line));
}

/**
 * Text as lines of at most `width` columns where words allow: the first line starts with
 * `head` and has `first` columns, the others start with `indent` and have `rest`. Paragraphs
 * (split at blank lines) laid out by hand keep their lines; no line ends in whitespace.
 */
export function wrapText(
  text: string,
  head: string,
  indent: string,
  first: number,
  rest: number,
): string[] {
  const out: string[] = [];
  const paragraphs = text.trim().split(/\n[ \t]*\n/);
  paragraphs.forEach((paragraph, p) => {
    if (p > 0) out.push('');
    const lines = paragraph.split('\n').map((line) => line.trimEnd());
    if (isPreformatted(lines)) {
      // hand-made lines: the first after the head, the others under the continuation indent
      lines.forEach((line, i) => {
        const lead = out.length === 0 ? head : line ? indent : '';
        out.push((lead + (i === 0 ? line.trimStart() : line)).trimEnd());
      });
      return;
    }
    const units: string[] = [];
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      if (units.length && MARKUP_START.test(word)) units[units.length - 1] += ` ${word}`;
      else units.push(word);
    }
    let line = out.length === 0 ? head : indent;
    let room = out.length === 0 ? first : rest;
    let empty = true;
    for (const unit of units) {
      if (!empty && columns(line) + 1 + columns(unit) > room) {
        out.push(line);
        line = indent;
        room = rest;
        empty = true;
      }
      line = empty ? line + unit : `${line} ${unit}`;
      empty = false;
    }
    out.push(line.trimEnd());
  });
  return out;
}
