import { evaluate, truthOf, type Truth } from './c-condition.ts';

/**
 * C and C++ source as the grammar can read it. Tree-sitter parses every branch of an `#if`, and
 * a branch that opens or closes what the others do not (`#ifdef __cplusplus` + `extern "C" {`,
 * two function heads sharing one body) leaves the rest of the file in error, so that SQLite's
 * amalgamation parsed as one ERROR node. Like a C compiler, and like ctags, this picks one
 * branch of such a conditional: the one the language decides (`#if 0`, `__cplusplus`), else the
 * first. Everything else, and the directive lines of the conditionals it settles, becomes
 * spaces, so every offset, line and column stays where it was.
 */
export function settleConditionals(text: string, language: 'c' | 'cpp'): string {
  if (!text.includes('#')) return text;
  const lines = scanLines(text);
  const root: Branch = { from: -1, to: lines.length, truth: 'unknown', taken: true, items: [] };
  const stack: { conditional: Conditional; branch: Branch }[] = [];
  let current = root;
  let code: Tail = { last: '', previous: '' };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line.directive) {
      current.items.push(i);
      if (line.tail) {
        code = line.tail;
        for (const { branch } of stack) {
          branch.first ??= line.first;
          branch.tail = line.tail;
        }
      }
      continue;
    }
    const { name, rest, last } = line.directive;
    if (name === 'if' || name === 'ifdef' || name === 'ifndef') {
      const branch: Branch = {
        from: i,
        to: last,
        truth: truthOf(name, rest, language),
        taken: name === 'ifndef' || (name === 'if' && evaluate(rest) !== 0),
        items: [],
      };
      const conditional: Conditional = { branches: [branch], end: -1, before: code };
      current.items.push(conditional);
      stack.push({ conditional, branch });
      current = branch;
    } else if ((name === 'elif' || name === 'else') && stack.length) {
      const top = stack[stack.length - 1]!;
      top.branch.to = i;
      const before = top.conditional.branches.map((b) => b.truth);
      const truth: Truth = before.includes('true')
        ? 'false'
        : name === 'else'
          ? before.every((t) => t === 'false')
            ? 'true'
            : 'unknown'
          : truthOf('if', rest, language);
      const taken = name === 'else' || evaluate(rest) !== 0;
      const branch: Branch = { from: i, to: last, truth, taken, items: [] };
      top.conditional.branches.push(branch);
      top.branch = branch;
      current = branch;
    } else if (name === 'endif' && stack.length) {
      const top = stack.pop()!;
      top.branch.to = i;
      top.conditional.end = last;
      current = stack.length ? stack[stack.length - 1]!.branch : root;
    } else current.items.push(i);
    i = last;
  }
  // a conditional left open at the end of the file stays as the grammar reads it (end -1)
  const blank: [number, number][] = [];
  for (const item of root.items) if (typeof item !== 'number') settle(item, lines, blank);
  const edits: Edit[] = blank.map(([from, to]) => [lines[from]!.start, lines[to]!.end, '']);
  edits.push(...keywordMacroUses(text, lines));
  return edits.length ? edited(text, edits) : text;
}

/** A span of the text and what it becomes: spaces (''), or a word padded with spaces. */
type Edit = readonly [number, number, string];

/** Macros the preprocessor may replace in place: defined as nothing or as a keyword. */
const KEYWORD_BODY = /^(static|const|extern|inline|__inline|__inline__|volatile)?$/;

/**
 * Where the code uses a macro that the file's `#define`s make nothing or one keyword (SQLite's
 * `SQLITE_API`, `SQLITE_DEPRECATED`, `SQLITE_PRIVATE` for `static`): the grammar cannot know
 * them, and reads `SQLITE_API SQLITE_DEPRECATED int f(void);` as broken code. Each use becomes
 * what the preprocessor makes of it, padded to its length. A macro defined two ways becomes
 * nothing if one of them is nothing, else is left alone.
 */
function keywordMacroUses(text: string, lines: Line[]): Edit[] {
  const bodies = new Map<string, Set<string>>();
  for (const line of lines) {
    if (line.directive?.name !== 'define') continue;
    const define = /^[ \t]+([A-Za-z_]\w*)(?![\w(])(.*)$/s.exec(line.directive.rest);
    if (!define) continue;
    const body = define[2]!.replace(/\/\*.*?\*\/|\/\/.*$/gs, '').trim();
    const name = define[1]!;
    bodies.set(name, (bodies.get(name) ?? new Set()).add(body));
  }
  const replacement = new Map<string, string>();
  for (const [name, set] of bodies) {
    if (![...set].every((body) => KEYWORD_BODY.test(body))) continue;
    if (set.has('')) replacement.set(name, '');
    else if (set.size === 1) replacement.set(name, [...set][0]!);
  }
  if (!replacement.size) return [];
  const edits: Edit[] = [];
  for (const line of lines) {
    if (line.directive || line.first === undefined) continue;
    words(text, line, (from, to) => {
      const word = replacement.get(text.slice(from, to));
      if (word !== undefined && word.length <= to - from) edits.push([from, to, word]);
    });
  }
  return edits;
}

/** Calls `found` with each identifier of a code line outside comments and literals. */
function words(text: string, line: Line, found: (from: number, to: number) => void): void {
  scanCode(text, line.start, line.end, line.inComment ?? false, (at, c) => {
    if (!isWord(c) || isWord(text[at - 1] ?? ' ') || (c >= '0' && c <= '9')) return;
    let end = at + 1;
    while (end < line.end && isWord(text[end]!)) end++;
    found(at, end);
  });
}

/** The text with each span made spaces (newlines kept), or its word padded with spaces. */
function edited(text: string, edits: Edit[]): string {
  const sorted = [...edits].sort((a, b) => a[0] - b[0]);
  const parts: string[] = [];
  let at = 0;
  for (const [from, to, word] of sorted) {
    if (to <= at) continue;
    const start = Math.max(from, at);
    parts.push(text.slice(at, start));
    parts.push(word ? word.padEnd(to - start) : text.slice(start, to).replace(/[^\n]/g, ' '));
    at = to;
  }
  parts.push(text.slice(at));
  return parts.join('');
}

interface Branch {
  /** Line of the directive that opens the branch (-1 for the file itself). */
  from: number;
  /** Line of the directive that closes it. */
  to: number;
  truth: Truth;
  /** Whether a compiler given no `-D` options would take it (macros undefined), as far as known. */
  taken: boolean;
  items: (number | Conditional)[];
  /** The first significant character of its code, and the last two. */
  first?: string;
  tail?: Tail;
}

interface Conditional {
  branches: Branch[];
  /** Last line of the `#endif` (-1 while open). */
  end: number;
  /** The last two significant characters of the code before the `#if`. */
  before: Tail;
}

/** The last significant character of some code, and the one before it. */
interface Tail {
  last: string;
  previous: string;
}

interface Line {
  start: number;
  end: number;
  /** `{` minus `}` and `(` minus `)` outside comments, strings and character literals. */
  braces: number;
  parens: number;
  /** Its first significant character, and where the code stands after it. */
  first?: string;
  /** Whether it starts inside a block comment. */
  inComment?: boolean;
  tail?: Tail;
  /** For a directive line: its name, the rest, and its last line (after `\` continuations). */
  directive?: { name: string; rest: string; last: number };
}

/**
 * Decides one conditional (its nested ones first) and returns the braces and parentheses its
 * kept text opens. A conditional the language decides keeps its true branch; one whose branches
 * open or close anything keeps the first branch not known false; the others stay as written.
 */
function settle(
  conditional: Conditional,
  lines: Line[],
  blank: [number, number][],
): [number, number] {
  const sums = conditional.branches.map((branch) => {
    let braces = 0;
    let parens = 0;
    for (const item of branch.items) {
      if (typeof item === 'number') {
        braces += lines[item]!.braces;
        parens += lines[item]!.parens;
      } else {
        const [b, p] = settle(item, lines, blank);
        braces += b;
        parens += p;
      }
    }
    return [braces, parens] as [number, number];
  });
  if (conditional.end < 0) return [0, 0];
  const decided = conditional.branches.every((b) => b.truth !== 'unknown');
  const unbalanced = sums.some(([b, p]) => b !== 0 || p !== 0);
  // the grammar reads a conditional between declarations or statements, not inside one
  const inside =
    !complete(conditional.before) ||
    conditional.branches.some(
      (b) => (b.first && CONTINUES.includes(b.first)) || (b.tail && !complete(b.tail)),
    );
  if (!decided && !unbalanced && !inside) return [0, 0];
  // else the branch a build with no options would take, as far as the condition says
  const keep = decided
    ? conditional.branches.findIndex((b) => b.truth === 'true')
    : conditional.branches.findIndex((b) => b.truth !== 'false' && b.taken);
  conditional.branches.forEach((branch, i) => {
    if (i === keep) {
      // only the directive goes: the branch's text is now plain code
      blank.push([branch.from, branchDirectiveEnd(branch, lines)]);
    } else blank.push([branch.from, branch.to - 1]);
  });
  blank.push([conditional.branches[conditional.branches.length - 1]!.to, conditional.end]);
  return keep < 0 ? [0, 0] : sums[keep]!;
}

/** Characters a branch can start with only in the middle of something: `, x`, `= 1`, `|| y`. */
const CONTINUES = ',)];=.?:|&+-*/%<>^';

/**
 * Whether code ending so is between declarations or statements: after `;`, `}` or a label's
 * `:`, or a `{` that opens a body (not an initializer's, after `=`, `,`, `(`, `[` or `{`).
 */
function complete(tail: Tail): boolean {
  const { last, previous } = tail;
  if (last === '' || last === ';' || last === '}' || last === ':') return true;
  return last === '{' && !'=,([{'.includes(previous || '=');
}

/** The last line of the directive that opens a branch (a `\` continuation runs on). */
function branchDirectiveEnd(branch: Branch, lines: Line[]): number {
  return lines[branch.from]?.directive?.last ?? branch.from;
}

/** Splits the text into lines, marking directives and counting what each line opens. */
function scanLines(text: string): Line[] {
  const lines: Line[] = [];
  let inComment = false;
  const code: Tail = { last: '', previous: '' };
  let at = 0;
  while (at < text.length) {
    const newline = text.indexOf('\n', at);
    const end = newline === -1 ? text.length : newline + 1;
    const line: Line = { start: at, end, braces: 0, parens: 0 };
    lines.push(line);
    const head = inComment ? null : /^[ \t]*#[ \t]*([a-z]+)(.*)/.exec(text.slice(at, end));
    if (!head) {
      if (inComment) line.inComment = true;
      inComment = countLine(text, at, end, line, inComment, code);
      at = end;
      continue;
    }
    let rest = head[2]!;
    let tail = end;
    // a `\` at the end of a line continues the directive on the next one
    while (/\\\s*$/.test(text.slice(lines[lines.length - 1]!.start, tail)) && tail < text.length) {
      const next = text.indexOf('\n', tail);
      const nextEnd = next === -1 ? text.length : next + 1;
      lines.push({ start: tail, end: nextEnd, braces: 0, parens: 0 });
      rest += text.slice(tail, nextEnd);
      tail = nextEnd;
    }
    line.directive = { name: head[1]!, rest, last: lines.length - 1 };
    inComment = opensComment(rest);
    at = tail;
  }
  return lines;
}

/** A character of an identifier or a number. */
function isWord(c: string): boolean {
  const code = c.charCodeAt(0);
  return (
    (code >= 48 && code <= 57) ||
    (code >= 65 && code <= 90) ||
    (code >= 97 && code <= 122) ||
    code === 95
  );
}

/** Whether a directive's text leaves a block comment open. */
function opensComment(rest: string): boolean {
  let open = false;
  for (let i = 0; i < rest.length; i++) {
    if (open) {
      if (rest[i] === '*' && rest[i + 1] === '/') {
        open = false;
        i++;
      }
    } else if (rest[i] === '/' && rest[i + 1] === '*') {
      open = true;
      i++;
    } else if (rest[i] === '/' && rest[i + 1] === '/') return false;
  }
  return open;
}

/** Counts a code line's braces and parentheses; returns whether a block comment stays open. */
function countLine(
  text: string,
  from: number,
  to: number,
  line: Line,
  inComment: boolean,
  code: Tail,
): boolean {
  const open = scanCode(text, from, to, inComment, (_at, c) => {
    line.first ??= c;
    if (c === '{') line.braces++;
    else if (c === '}') line.braces--;
    else if (c === '(') line.parens++;
    else if (c === ')') line.parens--;
    // a word counts once, as its first character
    if (isWord(c) && isWord(code.last)) return;
    code.previous = code.last;
    code.last = c;
  });
  if (line.first !== undefined) line.tail = { ...code };
  return open;
}

/**
 * Visits each character of code between `from` and `to` that is neither white space nor in a
 * comment, a string or a character literal (a literal is visited once, as its opening quote).
 * Returns whether a block comment is still open at `to`.
 */
function scanCode(
  text: string,
  from: number,
  to: number,
  inComment: boolean,
  visit: (at: number, c: string) => void,
): boolean {
  let open = inComment;
  for (let i = from; i < to; i++) {
    const c = text[i]!;
    if (open) {
      if (c === '*' && text[i + 1] === '/') {
        open = false;
        i++;
      }
    } else if (c === '/' && text[i + 1] === '*') {
      open = true;
      i++;
    } else if (c === '/' && text[i + 1] === '/') break;
    else if (c === '"' || c === "'") {
      visit(i, c);
      // a literal ends at its unescaped quote, or at the end of the line
      for (i++; i < to && text[i] !== c && text[i] !== '\n'; i++) if (text[i] === '\\') i++;
    } else if (c !== ' ' && c !== '\t' && c !== '\n' && c !== '\r') visit(i, c);
  }
  return open;
}
