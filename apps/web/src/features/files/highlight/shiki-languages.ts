import type { LanguageRegistration } from 'shiki/core';

type LanguageModule = { default: LanguageRegistration[] };

/**
 * One lazy import per shiki language, so each grammar is its own chunk fetched the first time a
 * file of that language is shown (the initial bundle carries none of them).
 */
const LANGUAGE_LOADERS: Record<string, () => Promise<LanguageModule>> = {
  typescript: () => import('shiki/langs/typescript.mjs'),
  tsx: () => import('shiki/langs/tsx.mjs'),
  javascript: () => import('shiki/langs/javascript.mjs'),
  jsx: () => import('shiki/langs/jsx.mjs'),
  python: () => import('shiki/langs/python.mjs'),
  go: () => import('shiki/langs/go.mjs'),
  java: () => import('shiki/langs/java.mjs'),
  rust: () => import('shiki/langs/rust.mjs'),
  c: () => import('shiki/langs/c.mjs'),
  cpp: () => import('shiki/langs/cpp.mjs'),
  csharp: () => import('shiki/langs/csharp.mjs'),
  ruby: () => import('shiki/langs/ruby.mjs'),
  php: () => import('shiki/langs/php.mjs'),
  kotlin: () => import('shiki/langs/kotlin.mjs'),
  swift: () => import('shiki/langs/swift.mjs'),
  scala: () => import('shiki/langs/scala.mjs'),
  bash: () => import('shiki/langs/bash.mjs'),
  lua: () => import('shiki/langs/lua.mjs'),
  json: () => import('shiki/langs/json.mjs'),
  markdown: () => import('shiki/langs/markdown.mjs'),
  yaml: () => import('shiki/langs/yaml.mjs'),
  css: () => import('shiki/langs/css.mjs'),
  html: () => import('shiki/langs/html.mjs'),
};

/** Files the engine does not parse but shiki can colour, by extension. */
const EXTENSION_TO_SHIKI: Record<string, string> = {
  ts: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  tsx: 'tsx',
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  jsx: 'jsx',
  py: 'python',
  go: 'go',
  java: 'java',
  rs: 'rust',
  c: 'c',
  h: 'c',
  cc: 'cpp',
  cpp: 'cpp',
  cxx: 'cpp',
  hpp: 'cpp',
  cs: 'csharp',
  rb: 'ruby',
  php: 'php',
  kt: 'kotlin',
  kts: 'kotlin',
  swift: 'swift',
  scala: 'scala',
  sh: 'bash',
  bash: 'bash',
  lua: 'lua',
  json: 'json',
  md: 'markdown',
  markdown: 'markdown',
  yml: 'yaml',
  yaml: 'yaml',
  css: 'css',
  html: 'html',
  htm: 'html',
};

/**
 * The shiki language for a file: its engine language when it has one, else its extension; null
 * when no grammar fits (the viewer then shows plain text).
 */
export function shikiLanguageFor(language: string | null, extension: string): string | null {
  // The engine's language ids (packages/engine registry) are shiki's names too.
  if (language && language in LANGUAGE_LOADERS) return language;
  return EXTENSION_TO_SHIKI[extension.toLowerCase()] ?? null;
}

/** Loads the grammar of a language returned by shikiLanguageFor. */
export function loadShikiLanguage(name: string): Promise<LanguageModule> {
  const loader = LANGUAGE_LOADERS[name];
  if (!loader) return Promise.reject(new Error(`No grammar for ${name}`));
  return loader();
}
