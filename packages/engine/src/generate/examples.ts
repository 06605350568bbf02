import type { Reference } from '../model.ts';
import { isTestPath } from '../resolve/queries.ts';
import { oneLine } from './tree.ts';

/** A real call of the object, as written where it was taken from. */
export interface CallExample {
  code: string;
  path: string;
  line: number;
  /** The call's argument list as written, split at top-level commas. */
  args: string[];
  /** The name the call is written with (a reference's own, or the object's). */
  name: string;
}

const C_LIKE = new Set(['c', 'cpp']);
/** Two names side by side outside a string (`yyminor sqlite3ParserCTX_PARAM`). */
const JUXTAPOSED = /^[^"']*[\w)\]]\s+[A-Za-z_]\w*[^"']*$/;

/** Longest statement taken as an example, in lines. */
const MAX_LINES = 12;

const OPEN = '([{';
const CLOSE = ')]}';

/**
 * Bracket depth change over `text`, skipping strings and comments (`#` in Python, `//` else).
 * Good enough for the few lines around a call; a template literal's `${}` counts as brackets.
 */
function depthOf(text: string, python: boolean, braces = true): number {
  let depth = 0;
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote || (ch === '\n' && quote !== '`' && quote !== '"""')) quote = undefined;
      continue;
    }
    if (ch === '"' || ch === "'" || ch === '`') quote = ch;
    else if ((python && ch === '#') || (!python && ch === '/' && text[i + 1] === '/')) {
      const end = text.indexOf('\n', i);
      if (end === -1) break;
      i = end;
    } else if (OPEN.includes(ch) && (braces || ch !== '{')) depth++;
    else if (CLOSE.includes(ch) && (braces || ch !== '}')) depth--;
  }
  return depth;
}

/** The argument list that starts at `open` (the `(` index) in `text`, split at top-level commas. */
export function splitArguments(text: string, open: number, python = false): string[] | undefined {
  let depth = 0;
  let quote: string | undefined;
  const args: string[] = [];
  let start = open + 1;
  for (let i = open; i < text.length; i++) {
    const ch = text[i]!;
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = undefined;
      continue;
    }
    if (ch === '"' || ch === "'" || ch === '`') quote = ch;
    else if (
      (python && ch === '#') ||
      (!python && ch === '/' && (text[i + 1] === '/' || text[i + 1] === '*'))
    ) {
      // a comment between arguments is no part of them
      const block = !python && text[i + 1] === '*';
      const end = block ? text.indexOf('*/', i + 2) + 2 : text.indexOf('\n', i);
      if (end < 2) return undefined;
      const cut = text.slice(0, i) + ' '.repeat(end - i) + text.slice(end);
      return splitArguments(cut, open, python);
    } else if (OPEN.includes(ch)) depth++;
    else if (CLOSE.includes(ch)) {
      depth--;
      if (depth === 0) {
        const last = text.slice(start, i).trim();
        if (last) args.push(last);
        return args.map(oneLine);
      }
    } else if (ch === ',' && depth === 1) {
      args.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  return undefined;
}

/** The lines of the last few sources split: a caller file is asked for many calls in a row. */
const split = new Map<string, string[]>();
function linesOf(source: string): string[] {
  let lines = split.get(source);
  if (!lines) {
    lines = source.split('\n');
    if (split.size >= 8) split.delete(split.keys().next().value!);
    split.set(source, lines);
  }
  return lines;
}

const CONTROL =
  /^(?:if|elif|else|for|while|with|switch|case|default|def|class|function|async def|try|except|catch)\b/;
/** Ruby's own headers, and a line that opens a block (`… do |x|`, `… && begin`). */
const RUBY_CONTROL = /^(?:elsif|unless|until|when)\b/;
const RUBY_BLOCK = /(?:\bdo(?:\s*\|[^|]*\|)?|\bbegin|\bthen)\s*$/;

/**
 * The complete statement around the call on `line` (1-based) of `source`: back to where the
 * statement starts when the call sits inside an open bracket of an earlier line, forward until
 * every bracket closes (several lines when the call spans them). A control header (`if f(x):`)
 * gives the call expression alone, which is a statement too. Undefined when the name is not
 * called on that line or the statement runs past MAX_LINES.
 */
export function statementAt(
  source: string,
  line: number,
  name: string,
  language: string,
): { code: string; args: string[] } | undefined {
  // Ruby comments with `#` and continues lines with `\` as Python does
  const python = language === 'python' || language === 'ruby';
  const ruby = language === 'ruby';
  const lines = linesOf(source);
  const index = line - 1;
  const text = lines[index];
  if (text === undefined) return undefined;
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const call = new RegExp(`(?<![\\w$])${escaped}\\s*(?:<[^()]*>)?\\(`).exec(text);
  if (!call) return undefined;
  // a call inside a string's interpolation (`"#{f(x)}"` in a heredoc) is text, not a statement
  if (/[#$]\{[^}]*$/.test(text.slice(0, call.index))) return undefined;
  // back to the line the statement starts on
  let first = index;
  let above = 0;
  for (let k = index - 1; k >= Math.max(0, index - MAX_LINES); k--) {
    // a `{` above opens a block the call sits in, not a statement it continues
    above += depthOf(lines[k]!, python, false);
    if (above > 0) first = k;
  }
  for (let k = first; k >= Math.max(0, first - MAX_LINES) && python; k--) {
    // a backslash continuation
    if (k > 0 && lines[k - 1]!.trimEnd().endsWith('\\')) first = k - 1;
    else break;
  }
  let last = first;
  let open = depthOf(lines[first]!, python);
  while (
    last < lines.length - 1 &&
    last - first < MAX_LINES &&
    (open > 0 ||
      (python && lines[last]!.trimEnd().endsWith('\\')) ||
      /^\s*\.[\w$]/.test(lines[last + 1] ?? ''))
  )
    open += depthOf(lines[++last]!, python);
  if (last - first >= MAX_LINES || depthOf(lines.slice(first, last + 1).join('\n'), python) !== 0)
    return undefined;
  const block = lines.slice(first, last + 1);
  const indent = Math.min(
    ...block.filter((l) => l.trim()).map((l) => l.length - l.trimStart().length),
  );
  // positions are counted on the lines as they are (a line's trailing blanks included)
  let code = block.map((l) => l.slice(indent)).join('\n');
  const at =
    block.slice(0, index - first).reduce((n, l) => n + l.length - indent + 1, 0) +
    call.index -
    indent;
  // the name at `at` must be the one called, or the statement belongs to a neighbour's call
  if (code.slice(at, at + name.length) !== name) return undefined;
  const paren = code.indexOf('(', at + name.length);
  if (!/^\s*(?:<[^()]*>)?$/.test(code.slice(at + name.length, paren))) return undefined;
  const args = splitArguments(code, paren, python);
  if (!args) return undefined;
  // a definition of the same name (`ref () : Info {`, `def f(x):`) is not a call of it
  const closing = closingOf(code, paren);
  if (
    closing === undefined ||
    /^\s*(?::[^=;{]*)?\{/.test(code.slice(closing + 1)) ||
    /^(?:async\s+)?(?:def|class|function|func)\b/.test(code)
  )
    return undefined;
  const before = lines
    .slice(0, first)
    .reverse()
    .find((l) => l.trim())
    ?.trim();
  const midStatement =
    /^(?:[?:.)\]}>|&+*/%<=-]|\w+\s*:(?!:))/.test(code) ||
    // `(a, f(b), c).toArray()` continues an expression begun above (not Python's `(a, b) = …`)
    (!python && code.startsWith('(')) ||
    /[,=(?:&|+\-*/%<>[{]\s*$/.test(code) ||
    (before !== undefined &&
      // a Python line ending in `:` opens a block; elsewhere it continues a ternary
      (python ? /(?:[=(,&|+\-*/%<[]|=>)$/ : /(?:[=(?:,&|+\-*/%<[]|=>)$/).test(before));
  if (
    midStatement ||
    // the call sits in a block the statement opens (`Foo() { setValue(0); … }` on one line)
    openBraces(code.slice(0, at)) > 0 ||
    CONTROL.test(code) ||
    /[{:]\s*$/.test(code) ||
    /=>\s*\{?$/.test(code) ||
    (ruby && (RUBY_CONTROL.test(code) || RUBY_BLOCK.test(code)))
  ) {
    // a header or a callback opening a block: the call expression alone
    const start = callStart(code, at);
    const end = closingOf(code, paren);
    if (end === undefined) return undefined;
    code = code.slice(start, end + 1);
    // one line, unless a `//` comment would then swallow what follows it
    if (code.includes('\n') && !python && !/\/\//.test(code)) code = code.replace(/\n\s*/g, ' ');
  }
  return { code: code.replace(/[ \t]+$/gm, ''), args };
}

/** `{` opened and not closed in code, outside string literals. */
function openBraces(code: string): number {
  let depth = 0;
  let quote: string | undefined;
  for (let i = 0; i < code.length; i++) {
    const ch = code[i]!;
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = undefined;
    } else if (ch === '"' || ch === "'" || ch === '`') quote = ch;
    else if (ch === '{') depth++;
    else if (ch === '}') depth = Math.max(0, depth - 1);
  }
  return depth;
}

/** Back from the name over a dotted receiver (`self.app.`, `client.`) to where the call starts. */
function callStart(code: string, at: number): number {
  let start = at;
  while (start > 0 && /[\w$.]/.test(code[start - 1]!)) start--;
  const keyword = /(?:\b(?:new|await)\s+)+$/.exec(code.slice(0, start));
  return keyword ? start - keyword[0].length : start;
}

function closingOf(code: string, open: number): number | undefined {
  let depth = 0;
  let quote: string | undefined;
  for (let i = open; i < code.length; i++) {
    const ch = code[i]!;
    // a `)` inside a string (`p.trace(")")`) closes nothing
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = undefined;
    } else if (ch === '"' || ch === "'" || ch === '`') quote = ch;
    else if (ch === '(') depth++;
    else if (ch === ')' && --depth === 0) return i;
  }
  return undefined;
}

/**
 * Real calls of an object from resolved call edges, tests first, each a complete statement
 * read from the caller's source. Never made up: a call whose source cannot be read is left out.
 */
export function callExamples(
  references: readonly Reference[],
  objectId: string,
  objectName: string,
  sourceOf: (path: string) => string | undefined,
  language: string,
  limit = 3,
): CallExample[] {
  const calls = references
    .filter((r) => r.kind === 'call' && r.toId === objectId)
    .sort(
      (a, b) =>
        Number(isTestPath(b.fromFile)) - Number(isTestPath(a.fromFile)) ||
        a.fromFile.localeCompare(b.fromFile) ||
        a.line - b.line,
    );
  const out: CallExample[] = [];
  for (const ref of calls) {
    const source = sourceOf(ref.fromFile);
    if (source === undefined) continue;
    const name = ref.name || objectName;
    const statement = statementAt(source, ref.line, name, language);
    if (!statement || out.some((e) => e.code === statement.code)) continue;
    // C's `f(a CTX_PARAM)`: a macro pastes the rest of the arguments, so none is quoted whole
    if (C_LIKE.has(language) && statement.args.some((a) => JUXTAPOSED.test(a))) continue;
    out.push({
      code: statement.code,
      path: ref.fromFile,
      line: ref.line,
      args: statement.args,
      name,
    });
    if (out.length >= limit) break;
  }
  return out;
}
