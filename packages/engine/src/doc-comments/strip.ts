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
  // lines are cut with indexOf and read with charCodeAt: the same markers as the patterns in the
  // comments below (stripCommentMarkers runs on every doc comment of a repository)
  for (let from = 0; from <= raw.length;) {
    const end = raw.indexOf('\n', from);
    let line = raw.slice(from, end === -1 ? raw.length : end);
    from = end === -1 ? raw.length + 1 : end + 1;
    let at = spaces(line, 0);
    // /^\s*\/\*/
    if (!inBlock && codeAt(line, at) === SLASH && codeAt(line, at + 1) === STAR) {
      inBlock = true;
      // `/*`, `/**`, `/*****` (a banner's), but not the `*` of a closing `*/`: `/*****/` is empty
      // (/^\s*\/\*(?:\*(?!\/))*!?/)
      let cut = at + 2;
      while (codeAt(line, cut) === STAR && codeAt(line, cut + 1) !== SLASH) cut++;
      if (codeAt(line, cut) === BANG) cut++;
      line = line.slice(cut);
      at = spaces(line, 0);
    }
    if (inBlock) {
      // ` * text`, or SQLite's `** text` (one decoration: `** * item` keeps its bullet):
      // /^\s*\*\*(?=\s|$)/ → /^\s*\*\*/, else /^\s*\*(?![*/])/
      if (codeAt(line, at) === STAR) {
        const next = codeAt(line, at + 1);
        if (next === STAR) {
          if (at + 2 === line.length || isSpace(codeAt(line, at + 2))) line = line.slice(at + 2);
        } else if (next !== SLASH) line = line.slice(at + 1);
      }
      // a banner's row of stars (`/*******`, ` *********`) frames the text, it is not part of it
      // (/^\s*\*{2,}\s*$/)
      let last = line.length;
      while (last > 0 && isSpace(codeAt(line, last - 1))) last--;
      at = spaces(line, 0);
      if (last - at >= 2 && starsOnly(line, at, last)) {
        line = '';
        last = 0;
      }
      // the closing `*/` and the stars before it (/\*\/\s*$/, then /\**\*\/\s*$/)
      if (last >= 2 && codeAt(line, last - 1) === SLASH && codeAt(line, last - 2) === STAR) {
        let cut = last - 2;
        while (cut > 0 && codeAt(line, cut - 1) === STAR) cut--;
        line = line.slice(0, cut);
        inBlock = false;
      }
    } else line = stripLineMarker(line, at);
    lines.push(line);
  }
  return dedent(lines).join('\n').trim();
}

const SLASH = 0x2f;
const STAR = 0x2a;
const BANG = 0x21;
const HASH = 0x23;
const DASH = 0x2d;

/** A line comment's marker and the space before it (/^\s*(\/\/[/!]?|#+|--+|\*(?!\*))/). */
function stripLineMarker(line: string, at: number): string {
  const first = codeAt(line, at);
  let cut = -1;
  if (first === SLASH && codeAt(line, at + 1) === SLASH) {
    cut = at + 2;
    const third = codeAt(line, cut);
    if (third === SLASH || third === BANG) cut++;
  } else if (first === HASH) {
    cut = at + 1;
    while (codeAt(line, cut) === HASH) cut++;
  } else if (first === DASH && codeAt(line, at + 1) === DASH) {
    cut = at + 2;
    while (codeAt(line, cut) === DASH) cut++;
  } else if (first === STAR && codeAt(line, at + 1) !== STAR) cut = at + 1;
  return cut === -1 ? line : line.slice(cut);
}

/** Whether `line` holds only stars from `from` to `to`. */
function starsOnly(line: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (codeAt(line, i) !== STAR) return false;
  return true;
}

/** The index of the first character at or after `from` that is not white space (as `\s`). */
function spaces(line: string, from: number): number {
  let at = from;
  while (at < line.length && isSpace(codeAt(line, at))) at++;
  return at;
}

/** The code unit at `at`, or -1 past the end (a read there would cost V8 its fast code). */
function codeAt(line: string, at: number): number {
  return at < line.length ? line.charCodeAt(at) : -1;
}

/** Whether a UTF-16 code unit is white space as a regular expression's `\s` means it. */
function isSpace(code: number): boolean {
  if (code < 128) return code === 32 || (code >= 9 && code <= 13);
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** Removes the common leading indentation (like Python's inspect.cleandoc). */
export function dedent(lines: string[]): string[] {
  let indent = Infinity;
  for (const line of lines) {
    // a line with text: its leading white space (what trimStart removes)
    const at = spaces(line, 0);
    if (at < line.length) indent = Math.min(indent, at);
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
  // one line (two in five of the standard library's docstrings): what the steps below leave of it
  if (!doc.includes('\n')) return expandTabs(doc).trimStart();
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
