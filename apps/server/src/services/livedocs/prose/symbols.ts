/** Words a doc may name without them being objects of the repository. */
const ALWAYS_KNOWN = new Set([
  'string',
  'number',
  'boolean',
  'bigint',
  'symbol',
  'object',
  'null',
  'undefined',
  'void',
  'never',
  'unknown',
  'any',
  'true',
  'false',
  'None',
  'True',
  'False',
  'self',
  'this',
  'cls',
  'super',
  'int',
  'float',
  'str',
  'bytes',
  'bool',
  'list',
  'dict',
  'tuple',
  'set',
  'Promise',
  'Array',
  'Map',
  'Set',
  'Error',
  'Exception',
  'Object',
  'String',
  'Number',
  'Boolean',
  'Date',
  'JSON',
  'Math',
  'nil',
  'NULL',
  'nullptr',
  'Result',
  'Option',
  'Some',
  'Ok',
  'Err',
  'Vec',
  'async',
  'await',
  'return',
  'new',
  'throw',
  'yield',
  'len',
  'print',
  'console.log',
]);

/**
 * The symbols a text names: inline code spans (`foo`, `Foo.bar`, `foo()`), identifiers written
 * as calls (`foo(`) and dotted names (`Foo.bar`). Plain words are not symbols.
 */
export function symbolsIn(sentence: string): string[] {
  const found: string[] = [];
  for (const match of sentence.matchAll(/`([^`]+)`/g)) {
    const name = /^[A-Za-z_$][\w$]*(?:(?:\.|::|#)[A-Za-z_$][\w$]*)*/.exec(match[1]!.trim())?.[0];
    if (name) found.push(name);
  }
  const prose = sentence.replace(/`[^`]*`/g, ' ');
  for (const match of prose.matchAll(/\b([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+)\b/g)) {
    // "e.g." and "i.e." are abbreviations, not names
    if (!/^(e\.g|i\.e|etc)$/i.test(match[1]!)) found.push(match[1]!);
  }
  for (const match of prose.matchAll(/\b([A-Za-z_$][\w$]*)\(/g)) found.push(match[1]!);
  return found;
}

function isKnown(symbol: string, known: ReadonlySet<string>): boolean {
  if (known.has(symbol) || ALWAYS_KNOWN.has(symbol)) return true;
  const parts = symbol.split(/\.|::|#/);
  // `Foo.bar` is known when the repository has `Foo.bar`, or `bar` on a known `Foo`
  if (parts.length > 1 && known.has(parts.join('.'))) return true;
  const last = parts[parts.length - 1]!;
  return parts.length > 1 && known.has(last) && parts.slice(0, -1).every((p) => isKnown(p, known));
}

/**
 * Drops every sentence of `text` that names a symbol neither in `known` (the parsed model: the
 * repository's object names and qualified names, the object's parameters) nor a language word:
 * a model's invented function names never reach a reader. Answers '' when nothing is left.
 */
export function removeUnknownSymbols(text: string, known: ReadonlySet<string>): string {
  const kept: string[] = [];
  for (const line of text.split('\n')) {
    // a sentence ends at . ! or ? followed by a space: dotted names and code spans stay whole
    const sentences = line.split(/(?<=[.!?])\s+/);
    const good = sentences.filter((sentence) =>
      symbolsIn(sentence).every((symbol) => isKnown(symbol, known)),
    );
    kept.push(good.join(' ').trimEnd());
  }
  return kept
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
