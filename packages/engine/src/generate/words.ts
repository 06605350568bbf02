/** Splits camelCase, PascalCase, snake_case and kebab-case into lower-case words. */
export function splitWords(name: string): string[] {
  return name
    .replace(/^[_$]+|[_$]+$/g, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_\-$.]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}
