import { LANGUAGES, type LanguageSpec } from './registry.ts';

const byExtension = new Map<string, LanguageSpec>();
const byFileName = new Map<string, LanguageSpec>();
const byInterpreter = new Map<string, LanguageSpec>();
for (const spec of LANGUAGES) {
  for (const ext of spec.extensions) byExtension.set(ext, spec);
  for (const name of spec.fileNames ?? []) byFileName.set(name, spec);
  for (const name of spec.interpreters ?? []) byInterpreter.set(name, spec);
}

/**
 * Reads the interpreter from a `#!` line (`#!/usr/bin/env -S python3 -u` → `python3`), so
 * extension-less scripts are still parsed.
 */
export function shebangInterpreter(firstLine: string): string | undefined {
  if (!firstLine.startsWith('#!')) return undefined;
  const words = firstLine.slice(2).trim().split(/\s+/);
  let program = words.shift() ?? '';
  if (program.endsWith('/env')) {
    while (words[0]?.startsWith('-') || words[0]?.includes('=')) words.shift();
    program = words.shift() ?? '';
  }
  const base = program.split('/').pop() ?? '';
  // python3.11 → python3; ruby2.7 → ruby
  return base.replace(/(\d)\.\d+$/, '$1').replace(/^(ruby|lua|php|perl)\d.*$/, '$1');
}

/**
 * Picks the language of a file from its name and, when the name says nothing, from a shebang.
 * Returns undefined for files the engine does not parse (they are still listed).
 */
export function detectLanguage(path: string, firstLine?: string): LanguageSpec | undefined {
  const base = path.split('/').pop() ?? path;
  const named = byFileName.get(base);
  if (named) return named;
  const dot = base.lastIndexOf('.');
  if (dot > 0) {
    const ext = base.slice(dot).toLowerCase();
    if (ext === '.d.ts') return byExtension.get('.ts');
    const spec = byExtension.get(ext);
    if (spec) return spec;
  }
  if (firstLine !== undefined) {
    const interpreter = shebangInterpreter(firstLine);
    if (interpreter) return byInterpreter.get(interpreter);
  }
  return undefined;
}

/**
 * Binary files are recognised the way git does it: a NUL byte in the first 8000 bytes.
 */
export function looksBinary(bytes: Uint8Array): boolean {
  const end = Math.min(bytes.length, 8000);
  for (let i = 0; i < end; i++) if (bytes[i] === 0) return true;
  return false;
}

/**
 * Whether a `.h` header's text is C++ (Chromium, LLVM and Node write their C++ headers as `.h`):
 * a namespace, a template, an access section or a class with a body, at the start of a line.
 */
export function headerIsCpp(text: string): boolean {
  return /^[ \t]*(namespace\s+[\w:]*\s*\{|template\s*<|(public|private|protected)\s*:|class\s+\w[\w\s:<>,]*\{)/m.test(
    text,
  );
}
