/**
 * Attribute macros in C and C++ declarations, blanked so the grammar reads the declaration.
 *
 * Real headers decorate declarations with macros defined in another file (V8's `V8_INLINE`,
 * `V8_EXPORT`, `V8_WARN_UNUSED_RESULT`, `V8_DEPRECATED("…")`; Node's `NODE_EXTERN`; libuv's
 * `UV_EXTERN`; Abseil's `ABSL_MUST_USE_RESULT`). Tree-sitter takes such a word for a type and
 * `V8_INLINE static Local<T> Cast(…)` for broken code, and inside a class one broken member can
 * end the class early, so every member after it loses its class. Without the macros' definitions,
 * a word is taken for an attribute macro by its shape and place, as a reader does:
 * - it is written in capitals with an underscore (`V8_INLINE`, `GTEST_API_`), and may take
 *   arguments (`V8_DEPRECATED("Use New()")`);
 * - it starts a declaration (at the start of a line, after `template <…>`, an access label or
 *   a specifier such as `static`), or stands between `class`/`struct` and the name, or between
 *   a function's return type and its name (`void V8_EXPORT RegisterExtension(…)`);
 * - what follows is still a declaration: a specifier or type keyword, another such macro, a
 *   destructor, a constructor of a class the file declares, or a type followed by a name
 *   (`Local<Value> Get(`), which a macro used as a type (`LARGE_INTEGER size;`) is not.
 * A macro after a namespace's name (`namespace std _GLIBCXX_VISIBILITY(default) {`) goes too; one
 * wrapping a base class or a whole declaration (`NODE_DEPRECATED("…", inline int f() {…})`) loses
 * the wrapper and keeps what it wraps. Each use becomes an empty comment of its length (see
 * `blanked`), newlines kept, so every offset, line and column stays where it was.
 */
export function blankAttributeMacros(text: string): string {
  MACRO_WORD.lastIndex = 0;
  if (!MACRO_WORD.test(text)) return text;
  const prose = proseRanges(text);
  const blanks: [number, number, 'spaces'?][] = [];
  // a block comment inside a `#define` that runs on (`V(LazyCompile) /* Unused *\/ \`) ends
  // tree-sitter's reading of the macro's body there: it goes (never a doc of anything)
  for (const [from, to] of prose) {
    const lineEnd = text.indexOf('\n', from);
    if (text[from] !== '#' || lineEnd < 0 || lineEnd >= to) continue;
    for (const m of text.slice(from, to).matchAll(/\/\*[\s\S]*?\*\//g))
      blanks.push([from + m.index, from + m.index + m[0].length, 'spaces']);
  }
  const classes = new Set<string>();
  for (const m of text.matchAll(CLASS_NAME)) classes.add(m[1]!);
  let prose_at = 0;
  MACRO_WORD.lastIndex = 0;
  for (let m = MACRO_WORD.exec(text); m; m = MACRO_WORD.exec(text)) {
    const from = m.index;
    while (prose_at < prose.length && prose[prose_at]![1] <= from) prose_at++;
    if (prose_at < prose.length && prose[prose_at]![0] <= from) continue;
    let to = from + m[0].length;
    const lineStart = text.lastIndexOf('\n', from - 1) + 1;
    const before = text.slice(lineStart, from);
    const inNamespaceHead = NAMESPACE_HEAD.test(before);
    const inClassHead = inNamespaceHead || CLASS_HEAD.test(before);
    const baseClass = !inClassHead && BASE_BEFORE.test(before);
    // `void V8_EXPORT RegisterExtension(…)`: between the return type and the name
    const between = !inClassHead && !baseClass && !DECLARATION_START.test(before);
    if (between && !TYPE_BEFORE.test(before)) continue;
    if (text[to] === '(' || (text[to] === ' ' && /^ +\(/.test(text.slice(to, to + 40)))) {
      const open = text.indexOf('(', to);
      const close = closingParen(text, open);
      if (close < 0) continue;
      // a macro wrapping what it decorates: `public V8_PLATFORM_NON_EXPORTED_BASE(Base)`,
      // `NODE_DEPRECATED("Use X", inline int f() { … })`; the wrapper goes, what it wraps stays
      const wrapped = baseClass
        ? /^\s*[\w:<>, ]+\s*$/.test(text.slice(open + 1, close))
        : !inClassHead && wrapsDeclaration(text.slice(open + 1, close), classes);
      if (wrapped) {
        // (after the message: `"Use X(isolate, ...)",`)
        const end = baseClass
          ? open + 1
          : open + 1 + WRAPPER_ARGS.exec(text.slice(open + 1))![1]!.length;
        blanks.push([from, end], [close, close + 1]);
        MACRO_WORD.lastIndex = end;
        continue;
      }
      to = close + 1;
    }
    if (baseClass) continue;
    // (comments between the macro and what follows it do not count)
    const after = text.slice(to, to + 600).replace(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g, ' ');
    const follows = inClassHead
      ? inNamespaceHead
        ? /^\s*(?:\{|$)/m.test(after)
        : CLASS_NAME_FOLLOWS.test(after)
      : between
        ? FUNCTION_NAME_FOLLOWS.test(after)
        : declarationFollows(after, classes);
    if (!follows) continue;
    blanks.push([from, to]);
    // the next macro of a chain is judged after this one's blanking
    MACRO_WORD.lastIndex = to;
  }
  if (!blanks.length) return text;
  const parts: string[] = [];
  let at = 0;
  for (const [from, to, spaces] of blanks.sort((a, b) => a[0] - b[0])) {
    const use = text.slice(from, to);
    parts.push(text.slice(at, from), spaces ? use.replace(/[^\n]/g, ' ') : blanked(use));
    at = to;
  }
  parts.push(text.slice(at));
  return parts.join('');
}

/**
 * C++ access labels written as a macro (`JSON_PRIVATE_UNLESS_TESTED:`, defined as `private` or
 * `public` by a build option): tree-sitter reads the macro as a bit-field or a label, and the
 * members after it lose their class. Each becomes the keyword it stands for, padded with an
 * empty comment to its length (offsets, lines and columns stay): the keyword of its `#define` in
 * the file, else the one its name says (`…PRIVATE…`, `…PROTECTED…`, `…PUBLIC…`). A label alone
 * at the start of a line only; any other capitalised label stays (a `goto` target).
 */
export function accessLabelMacros(text: string): string {
  ACCESS_LABEL.lastIndex = 0;
  if (!ACCESS_LABEL.test(text)) return text;
  const defined = new Map<string, string>();
  for (const m of text.matchAll(ACCESS_DEFINE)) if (!defined.has(m[1]!)) defined.set(m[1]!, m[2]!);
  const prose = proseRanges(text);
  let prose_at = 0;
  const parts: string[] = [];
  let at = 0;
  ACCESS_LABEL.lastIndex = 0;
  for (let m = ACCESS_LABEL.exec(text); m; m = ACCESS_LABEL.exec(text)) {
    const from = m.index + m[1]!.length;
    while (prose_at < prose.length && prose[prose_at]![1] <= from) prose_at++;
    if (prose_at < prose.length && prose[prose_at]![0] <= from) continue;
    const name = m[2]!;
    const keyword =
      defined.get(name) ?? /(PRIVATE|PROTECTED|PUBLIC)/.exec(name)?.[1]?.toLowerCase();
    const length = name.length + m[3]!.length;
    if (!keyword || length < keyword.length) continue;
    const pad = length - keyword.length;
    parts.push(
      text.slice(at, from),
      keyword,
      pad >= 4 ? `/*${' '.repeat(pad - 4)}*/` : ' '.repeat(pad),
    );
    at = from + length;
  }
  if (at === 0) return text;
  parts.push(text.slice(at));
  return parts.join('');
}

/** `NAME:` alone at a line's start, the name a macro's (capitals and an underscore). */
const ACCESS_LABEL = /^([ \t]*)(_*[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+_?)([ \t]*):(?!:)/gm;
/** `#define NAME private`: what an access-label macro stands for. */
const ACCESS_DEFINE =
  /^[ \t]*#[ \t]*define[ \t]+(_*[A-Z][A-Z0-9_]*)[ \t]+(public|protected|private)[ \t]*$/gm;

/**
 * What a macro use becomes: an empty comment of its length where it fits (`/*       *\/`), so a
 * doc comment above a line holding only the macro still reaches the declaration below it; else
 * spaces. Newlines stay.
 */
function blanked(use: string): string {
  const spaces = use.replace(/[^\n]/g, ' ');
  if (use.length < 4 || use.includes('*/') || /\n/.test(use.slice(0, 2) + use.slice(-2)))
    return spaces;
  return `/*${spaces.slice(2, -2)}*/`;
}

/** Before a base class: `class X : public` (the macro wraps the base's name). */
const BASE_BEFORE = /[:,]\s*(?:virtual\s+)?(?:public|protected|private)\s+(?:virtual\s+)?$/;
/** A wrapper's arguments: a message, then the declaration (`"Use X", inline int f()…`). */
const WRAPPER_ARGS = /^(\s*"(?:[^"\\\n]|\\.)*"\s*,)\s*/;

function wrapsDeclaration(args: string, classes: Set<string>): boolean {
  const message = WRAPPER_ARGS.exec(args);
  return message !== null && declarationFollows(` ${args.slice(message[0].length)}`, classes);
}

const MACRO = String.raw`_*[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+_?`;
const MACRO_WORD = new RegExp(String.raw`\b${MACRO}\b`, 'g');
/** Arguments of a macro in a prefix: no nesting needed there (`V8_DEPRECATED("…")`). */
const MACRO_USE = String.raw`${MACRO}(?:\s*\([^()]*\))?`;
const SPECIFIERS = String.raw`static|inline|virtual|explicit|constexpr|consteval|extern|friend`;
const TEMPLATE_HEAD = String.raw`template\s*<[^;{}]*>`;

/** What a line may hold before a macro that starts a declaration. */
const DECLARATION_START = new RegExp(
  String.raw`^[ \t]*(?:(?:${TEMPLATE_HEAD}|${SPECIFIERS}|(?:public|protected|private)\s*:|${MACRO_USE})\s*)*$`,
);
/** `class V8_EXPORT V8_NODISCARD Scope {`: the macros between the keyword and the name. */
const CLASS_HEAD = new RegExp(
  String.raw`^[ \t]*(?:${TEMPLATE_HEAD}\s*)?(?:friend\s+)?(?:class|struct|union)\s+(?:${MACRO_USE}\s+)*$`,
);
/** `namespace std _GLIBCXX_VISIBILITY(default)`: a macro between the namespace's name and body. */
const NAMESPACE_HEAD = /^[ \t]*(?:inline\s+)?namespace\s+[\w:]+\s+$/;
const CLASS_NAME_FOLLOWS = new RegExp(
  String.raw`^\s+(?:${MACRO_USE}\s+)*[A-Za-z_]\w*(?:\s*<[^;{}]*>)?\s*(?:final\b\s*)?(?:[:{;]|$)`,
  'm',
);
/** Names of the classes and structs a file declares, for constructors after a macro. */
const CLASS_NAME = new RegExp(
  String.raw`\b(?:class|struct)\s+(?:${MACRO_USE}\s+)*([A-Za-z_]\w*)`,
  'g',
);

const KEYWORDS = String.raw`${SPECIFIERS}|const|volatile|mutable|thread_local|void|bool|char|char8_t|char16_t|char32_t|wchar_t|short|int|long|float|double|signed|unsigned|auto|class|struct|union|enum|typename|template|typedef|using|operator|public|protected|private|namespace`;
/** Template arguments, nested three deep (`std::unique_ptr<std::vector<Local<T>>>`). */
const ANGLES = String.raw`<(?:[^<>;{}]|<(?:[^<>;{}]|<[^<>;{}]*>)*>)*>`;
const TYPE = String.raw`(?:::)?[A-Za-z_]\w*(?:\s*${ANGLES})?(?:::[A-Za-z_]\w*(?:\s*${ANGLES})?)*`;
/** A declaration after a macro: a keyword, another macro, `~X(`, `[[…]]`, or a type and a name. */
const DECLARATION_FOLLOWS = new RegExp(
  String.raw`^\s+(?:(?:${KEYWORDS})\b|${MACRO}\b|~|\[\[|${TYPE}(?:\s*[*&]+\s*|\s+)(?:(?:const|volatile)\b\s*[*&]*\s*)*(?:operator\b|[A-Za-z_]\w*(?:::~?[A-Za-z_]\w*)*\s*[(;=[,{:]))`,
);

/** A return type alone on the line before a macro (`void`, `static Local<Value>`), no statement. */
const TYPE_BEFORE = new RegExp(
  String.raw`^[ \t]*(?:(?:${SPECIFIERS}|${MACRO_USE})\s+)*(?!(?:return|else|case|goto|throw|new|delete|sizeof|typedef|using|co_return|co_yield)\b)(?:(?:const|volatile|unsigned|signed|long|short)\s+)*${TYPE}[\s*&]*$`,
);
/** The function's name after such a macro: `RegisterExtension(`. */
const FUNCTION_NAME_FOLLOWS = /^\s+[A-Za-z_]\w*\s*\(/;

function declarationFollows(after: string, classes: Set<string>): boolean {
  if (DECLARATION_FOLLOWS.test(after)) return true;
  // a constructor: `V8_INLINE ReturnValue(const ReturnValue<S>& that)` in class ReturnValue
  const call = /^\s+([A-Za-z_]\w*)\s*\(/.exec(after);
  return call !== null && classes.has(call[1]!);
}

/** The offset of the `)` closing the `(` at `open` (strings skipped), or -1 within 2,000. */
function closingParen(text: string, open: number): number {
  let depth = 0;
  const limit = Math.min(text.length, open + 2000);
  for (let i = open; i < limit; i++) {
    const c = text[i];
    if (c === '"' || c === "'") {
      for (i++; i < limit && text[i] !== c && text[i] !== '\n'; i++) if (text[i] === '\\') i++;
    } else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i;
  }
  return -1;
}

/**
 * The spans of the text that are not code, in order: comments, string and character literals,
 * and preprocessor directives (with their `\` continuations).
 */
export function proseRanges(text: string): [number, number][] {
  const ranges: [number, number][] = [];
  const length = text.length;
  let lineStart = true;
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c === NEWLINE) {
      lineStart = true;
      continue;
    }
    if (c === SPACE || c === TAB || c === RETURN) continue;
    const start = i;
    const next = i + 1 < length ? text.charCodeAt(i + 1) : 0;
    if (lineStart && c === HASH) {
      // a directive runs to the end of its line, and on past each `\` that ends one
      for (; i < length; i++) {
        const d = text.charCodeAt(i);
        if (d === NEWLINE) {
          const before = text.charCodeAt(i - 1);
          if (before !== BACKSLASH && !(before === RETURN && text.charCodeAt(i - 2) === BACKSLASH))
            break;
        } else if (d === SLASH && text.charCodeAt(i + 1) === STAR) {
          const close = text.indexOf('*/', i + 2);
          i = close < 0 ? length : close + 1;
        }
      }
    } else if (c === SLASH && next === SLASH) {
      const end = text.indexOf('\n', i);
      i = end < 0 ? length : end;
    } else if (c === SLASH && next === STAR) {
      const close = text.indexOf('*/', i + 2);
      i = close < 0 ? length : close + 2;
    } else if (c === QUOTE || c === APOSTROPHE) {
      // a raw string `R"x(…)x"` ends at its own delimiter
      const raw =
        c === QUOTE && i > 0 && text.charCodeAt(i - 1) === R
          ? /^"([^()\\\s]{0,16})\(/.exec(text.slice(i, i + 20))
          : null;
      if (raw) {
        const close = text.indexOf(`)${raw[1]}"`, i);
        i = close < 0 ? length : close + raw[1]!.length + 2;
      } else {
        for (i++; i < length; i++) {
          const d = text.charCodeAt(i);
          if (d === c || d === NEWLINE) break;
          if (d === BACKSLASH) i++;
        }
        i++;
      }
    } else {
      lineStart = false;
      continue;
    }
    ranges.push([start, i]);
    i--;
    lineStart = false;
  }
  return ranges;
}

const [NEWLINE, SPACE, TAB, RETURN, HASH, SLASH, STAR, QUOTE, APOSTROPHE, BACKSLASH, R] = [
  ...'\n \t\r#/*"\'\\R',
].map((c) => c.charCodeAt(0));
