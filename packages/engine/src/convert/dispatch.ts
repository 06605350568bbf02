import { LANGUAGES } from '../languages/registry.ts';
import type { Converter } from './context.ts';
import { convertGeneric } from './generic.ts';
import { convertPython } from './python.ts';
import { convertTypeScript } from './typescript.ts';

/**
 * The dispatch table: one converter per language id. TypeDoc-style, it is checked at start-up
 * (module load) so a registry row without a converter fails loudly instead of yielding nothing.
 */
export const CONVERTERS: Readonly<Record<string, Converter>> = {
  typescript: convertTypeScript,
  tsx: convertTypeScript,
  javascript: convertTypeScript,
  python: convertPython,
  go: convertGeneric,
  java: convertGeneric,
  rust: convertGeneric,
  c: convertGeneric,
  cpp: convertGeneric,
  csharp: convertGeneric,
  ruby: convertGeneric,
  php: convertGeneric,
  kotlin: convertGeneric,
  swift: convertGeneric,
  scala: convertGeneric,
  bash: convertGeneric,
  lua: convertGeneric,
};

/** Throws when the language registry and the converter table disagree. */
export function checkConverters(): void {
  const missing = LANGUAGES.filter((spec) => !CONVERTERS[spec.id]).map((spec) => spec.id);
  if (missing.length) throw new Error(`No converter for languages: ${missing.join(', ')}`);
}

checkConverters();
