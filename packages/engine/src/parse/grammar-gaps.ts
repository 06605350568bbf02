/**
 * Source rewritten where a grammar cannot read what the language allows, offsets unchanged (each
 * rewrite turns a word into spaces), so the parse holds the declaration it otherwise is.
 * - Kotlin: tree-sitter-kotlin predates `fun interface` (Kotlin 1.4's functional interfaces) and
 *   reads one as a broken function, losing the interface and its method.
 * - Scala: tree-sitter-scala (tree-sitter-wasms') cannot read `sealed trait`, losing the trait
 *   and its members (its `sealed abstract class` parses).
 * (C and C++'s attribute macros are blanked by parse/c-macros.ts.)
 */
export function sourceForGrammar(text: string, language: string): string {
  if (language === 'kotlin' && text.includes('fun interface'))
    return text.replace(/\bfun(?=[ \t]+interface\b)/g, '   ');
  if (language === 'scala' && text.includes('sealed'))
    return text.replace(/\bsealed(?=[ \t]+trait\b)/g, '      ');
  return text;
}
