/**
 * Removes comment markers from the raw text of one or more consecutive comments, keeping the
 * relative indentation of the content (examples in doc comments are often indented code).
 * Markers are removed where they are markers: a block comment's `/*` and `*\/` at its ends and
 * the `*` its lines may start with, a line comment's `//`, `#` or `--` at its start; a `//` or
 * `*\/` written inside the text (`//line file:1`, a quoted `/*…*\/`) stays.
 */
export function stripCommentMarkers(raw: string): string {
  const lines: string[] = [];
  let inBlock = false;
  for (const part of raw.split('\n')) {
    let line = part;
    if (!inBlock && /^\s*\/\*/.test(line)) {
      inBlock = true;
      // `/*`, `/**`, `/*****` (a banner's), but not the `*` of a closing `*/`: `/*****/` is empty
      line = line.replace(/^\s*\/\*(?:\*(?!\/))*!?/, '');
    }
    if (inBlock) {
      // ` * text`, or SQLite's `** text` (one decoration: `** * item` keeps its bullet)
      line = /^\s*\*\*(?=\s|$)/.test(line)
        ? line.replace(/^\s*\*\*/, '')
        : line.replace(/^\s*\*(?![*/])/, '');
      // a banner's row of stars (`/*******`, ` *********`) frames the text, it is not part of it
      line = line.replace(/^\s*\*{2,}\s*$/, '');
      if (/\*\/\s*$/.test(line)) {
        line = line.replace(/\**\*\/\s*$/, '');
        inBlock = false;
      }
    } else line = line.replace(/^\s*(\/\/[/!]?|#+|--+|\*(?!\*))/, '');
    lines.push(line);
  }
  return dedent(lines).join('\n').trim();
}

/** Removes the common leading indentation (like Python's inspect.cleandoc). */
export function dedent(lines: string[]): string[] {
  let indent = Infinity;
  for (const line of lines) {
    if (!line.trim()) continue;
    indent = Math.min(indent, line.length - line.trimStart().length);
  }
  if (!Number.isFinite(indent)) return lines.map(() => '');
  return lines.map((line) => line.slice(indent).trimEnd());
}

/** Python's str.expandtabs(8). */
function expandTabs(line: string): string {
  if (!line.includes('\t')) return line;
  let out = '';
  for (const ch of line) {
    if (ch === '\t') out += ' '.repeat(8 - (out.length % 8));
    else out += ch;
  }
  return out;
}

/**
 * Python's inspect.cleandoc, character for character: the first line loses its leading
 * whitespace, the others their common margin, and empty lines at both ends go (a trailing
 * whitespace-only line stays, as in Python). ast.get_docstring returns exactly this.
 */
export function cleandoc(doc: string): string {
  const lines = doc.split('\n').map(expandTabs);
  let margin = Infinity;
  for (const line of lines.slice(1)) {
    const content = line.trimStart().length;
    if (content) margin = Math.min(margin, line.length - content);
  }
  lines[0] = lines[0]!.trimStart();
  if (Number.isFinite(margin))
    for (let i = 1; i < lines.length; i++) lines[i] = lines[i]!.slice(margin);
  while (lines.length && !lines[lines.length - 1]) lines.pop();
  while (lines.length && !lines[0]) lines.shift();
  return lines.join('\n');
}
