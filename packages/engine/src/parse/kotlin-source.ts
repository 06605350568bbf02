/**
 * Kotlin written the way the grammar can read it, offsets unchanged: tree-sitter-kotlin predates
 * `fun interface` (Kotlin 1.4's functional interfaces) and reads one as a broken function, losing
 * the interface and its method. The `fun` becomes spaces, so the declaration parses as the plain
 * interface it otherwise is.
 */
export function kotlinForGrammar(text: string): string {
  return text.includes('fun interface') ? text.replace(/\bfun(?=[ \t]+interface\b)/g, '   ') : text;
}
