import { BUILTIN_NAMESPACES, FILE_EXTENSIONS, LANGUAGE_WORDS } from './language-words';

const NAME = String.raw`[A-Za-z_$][\w$]*`;
const SEP = String.raw`(?:\.|::|#)`;
const PATH = `${NAME}(?:${SEP}${NAME})*`;
/** A code span that is one reference as a whole: `foo`, `Foo.bar`, `foo()`, `new Foo(x)`, `Foo<T>[]`. */
const SPAN_REFERENCE = new RegExp(
  String.raw`^(?:(?:new|await|typeof|return|throw|yield)\s+)?(${PATH})(?:\(.*\))?(?:<.*>)?(?:\[\])*[;?!]?$`,
);
/** `foo(` or `Foo.bar(`, but not the plural marker of `value(s)`. */
const CALL = new RegExp(String.raw`(?<![\w$.#:])(${PATH})\((?!s\))`, 'g');
const DOTTED = new RegExp(String.raw`(?<![\w$.#:])(${NAME}(?:\.${NAME})+)(?![\w$])`, 'g');
const ABBREVIATION = /^(?:e\.g|i\.e|a\.k\.a|etc|vs)$/i;
// addresses hold dotted words (example.com) that name nothing in the code
const ADDRESS = /\b[a-z][\w+.-]*:\/\/\S+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+/gi;

function isFileName(word: string): boolean {
  return FILE_EXTENSIONS.has(word.slice(word.lastIndexOf('.') + 1).toLowerCase());
}

/**
 * The symbols a text names: inline code spans that are one reference (`foo`, `Foo.bar`,
 * `foo()`), identifiers written as calls (`foo(`, also inside code spans) and dotted names
 * (`Foo.bar`). Plain words, abbreviations (e.g.), file names and addresses are not symbols.
 */
export function symbolsIn(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(/`([^`\n]+)`/g)) {
    const span = match[1]!.trim();
    const whole = SPAN_REFERENCE.exec(span)?.[1];
    if (whole && !isFileName(whole)) found.add(whole);
    for (const call of span.matchAll(CALL)) found.add(call[1]!);
  }
  const prose = text.replace(/`[^`\n]*`/g, ' ').replace(ADDRESS, ' ');
  for (const match of prose.matchAll(DOTTED)) {
    if (!ABBREVIATION.test(match[1]!) && !isFileName(match[1]!)) found.add(match[1]!);
  }
  for (const match of prose.matchAll(CALL)) found.add(match[1]!);
  return [...found];
}

/** Every dotted tail of the known qualified names: `pkg.Config.load` also answers `Config.load`. */
const tailsByKnown = new WeakMap<ReadonlySet<string>, Set<string>>();
function knownTails(known: ReadonlySet<string>): Set<string> {
  let tails = tailsByKnown.get(known);
  if (!tails) {
    tails = new Set();
    for (const name of known) {
      const parts = name.split('.');
      for (let i = 1; i < parts.length - 1; i++) tails.add(parts.slice(i).join('.'));
    }
    tailsByKnown.set(known, tails);
  }
  return tails;
}

/** Whether `symbol` is a repository symbol, a parameter (or a member of one) or a language word. */
export function isKnownSymbol(
  symbol: string,
  known: ReadonlySet<string>,
  parameters: ReadonlySet<string> = new Set(),
): boolean {
  if (known.has(symbol) || LANGUAGE_WORDS.has(symbol) || parameters.has(symbol)) return true;
  const parts = symbol.split(/\.|::|#/);
  const dotted = parts.join('.');
  if (parts.length === 1) return false;
  if (known.has(dotted) || knownTails(known).has(dotted)) return true;
  const [head, ...rest] = parts as [string, ...string[]];
  // an argument's members are its data, which the parsed model cannot list
  if (parameters.has(head) || BUILTIN_NAMESPACES.has(head)) return true;
  // `this.save` / `self.save` names the object's own member
  if (['this', 'self', 'cls'].includes(head)) return isKnownSymbol(rest.join('.'), known);
  return false;
}

const LIST_MARKER_ONLY = /^\s*(?:[-*+]|\d+[.)])?\s*$/;

/**
 * Drops every sentence of `text` that names a symbol neither in `known` (the parsed model: the
 * repository's object names and qualified names) nor among `parameters` nor a language word,
 * so a model's invented names never reach a reader. Fenced code blocks are dropped whole (the
 * model writes prose only); a list item emptied this way goes too. Answers '' when nothing is left.
 */
export function removeUnknownSymbols(
  text: string,
  known: ReadonlySet<string>,
  parameters: ReadonlySet<string> = new Set(),
): string {
  const isKnown = (symbol: string) => isKnownSymbol(symbol, known, parameters);
  const kept: string[] = [];
  for (const line of text.replace(/```[\s\S]*?(?:```|$)/g, '').split('\n')) {
    if (line.trim() === '') {
      kept.push('');
      continue;
    }
    // a sentence ends at . ! or ? and a space, except after e.g. and i.e.; code spans stay whole
    const sentences = line.split(/(?<![eE]\.g\.|[iI]\.e\.)(?<=[.!?])\s+/);
    const good = sentences.filter((sentence) => symbolsIn(sentence).every(isKnown));
    const rest = good.join(' ').trimEnd();
    if (!LIST_MARKER_ONLY.test(rest)) kept.push(rest);
  }
  return kept
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
