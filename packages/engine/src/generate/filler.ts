import type { CodeObject } from '../model.ts';
import { splitWords } from './words.ts';

/**
 * Words that carry no fact by themselves in a doc sentence: articles, prepositions, pronouns
 * and the generic nouns a generator pads with ("the value", "a new instance").
 */
const EMPTY_WORDS = new Set([
  ...['a', 'an', 'the', 'of', 'to', 'and', 'or', 'for', 'in', 'on', 'at', 'by', 'as', 'is'],
  ...['be', 'it', 'its', 'this', 'that', 'with', 'from', 'into', 'one', 'some', 'all', 'any'],
  ...['value', 'values', 'instance', 'object', 'parameter', 'parameters', 'argument', 'arguments'],
  ...['result', 'resulting', 'computed', 'given', 'new', 'unnamed', 'number', 'optional', 'type'],
  ...['creates', 'create', 'returns', 'return', 'thing', 'data', 'item', 'self', 'cls'],
  ...['function', 'method', 'constructor', 'class', 'interface', 'struct', 'trait', 'enum'],
  ...['module', 'namespace', 'constant', 'structure', 'enumeration', 'exported', 'static'],
]);

const stem = (word: string) => word.replace(/(?:ies|es|s|ed|ing)$/, '');

function matches(word: string, tokens: Set<string>): boolean {
  if (tokens.has(word) || tokens.has(stem(word))) return true;
  for (const token of tokens) {
    if (token.length >= 3 && (stem(token) === stem(word) || word.startsWith(token))) return true;
  }
  return false;
}

/** The tokens of an object's own name, its owner's, its parameters' names and every type it names. */
export function ownTokens(object: CodeObject): Set<string> {
  const tokens = new Set<string>();
  const add = (text: string | undefined) => {
    for (const word of splitWords((text ?? '').replace(/[^\w$]+/g, ' '))) tokens.add(word);
  };
  add(object.name);
  add(object.qualifiedName);
  add(object.returnType);
  for (const p of object.parameters) {
    add(p.name);
    add(p.type);
  }
  return tokens;
}

/** Sentences of a markdown text (list items and lines count as sentences too). */
export function sentencesOf(text: string): string[] {
  // `a ?? -1`, `x.empty? Foo` inside code end no sentence: their marks are hidden while splitting
  const hidden = (mark: string) => String.fromCharCode(0xe000 + '.!?'.indexOf(mark));
  return text
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/`[^`\n]*`/g, (span) => span.replace(/[.!?]/g, hidden))
    .split(/\n+|(?<=[.!?])\s+(?=[A-Z`*-])/)
    .map((s) =>
      s
        .replace(/[\ue000-\ue002]/g, (c) => '.!?'.charAt(c.charCodeAt(0) - 0xe000))
        .replace(/^\s*[-*]\s+/, '')
        .trim(),
    )
    .filter(Boolean);
}

/**
 * Whether a sentence is filler about `object`: every content word it holds is one of the
 * object's own name or type tokens (or it has none at all), so it says nothing the
 * signature does not ("Gets the user name.", "`value`: The value.", "The resulting number.").
 */
export function isFiller(
  sentence: string,
  object: CodeObject,
  tokens = ownTokens(object),
): boolean {
  const words = splitWords(sentence.replace(/[^A-Za-z0-9_$]+/g, ' ')).filter(
    (w) => !/^\d+$/.test(w) && !EMPTY_WORDS.has(w),
  );
  return words.every((w) => matches(w, tokens));
}

/** The filler sentences of a text about `object`. */
export function fillerIn(text: string, object: CodeObject): string[] {
  const tokens = ownTokens(object);
  return sentencesOf(text).filter((s) => isFiller(s, object, tokens));
}
