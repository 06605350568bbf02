/**
 * Source rewritten where a grammar cannot read what the language allows, offsets unchanged (each
 * rewrite turns a word into spaces), so the parse holds the declaration it otherwise is.
 * - Kotlin: tree-sitter-kotlin predates `fun interface` (Kotlin 1.4's functional interfaces) and
 *   reads one as a broken function, losing the interface and its method.
 * - Scala: tree-sitter-scala (tree-sitter-wasms') cannot read `sealed trait`, losing the trait
 *   and its members (its `sealed abstract class` parses).
 * - C++: an export macro between `class`/`struct` and the name (`class NODE_EXTERN Buffer {`,
 *   `struct V8_EXPORT Isolate :`) reads as the type's name and turns the class into a function.
 */
export function sourceForGrammar(text: string, language: string): string {
  if (language === 'kotlin' && text.includes('fun interface'))
    return text.replace(/\bfun(?=[ \t]+interface\b)/g, '   ');
  if (language === 'scala' && text.includes('sealed'))
    return text.replace(/\bsealed(?=[ \t]+trait\b)/g, '      ');
  if (language === 'cpp')
    return text.replace(
      /\b(class|struct)([ \t]+)([A-Z][A-Z0-9_]{2,})(?=[ \t]+\w+[ \t]*(final[ \t]*)?[:{\n])/g,
      (_all, keyword: string, space: string, macro: string) =>
        keyword + space + ' '.repeat(macro.length),
    );
  return text;
}
