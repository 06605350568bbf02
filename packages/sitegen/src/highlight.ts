import {
  createCssVariablesTheme,
  createHighlighterCore,
  type HighlighterCore,
  type ThemedToken,
} from 'shiki/core';
import { createOnigurumaEngine } from 'shiki/engine/oniguruma';
import { bundledLanguages } from 'shiki/langs';
import { esc } from './html.ts';

/**
 * Build-time syntax highlighting with shiki. One highlighter per process (its setup, the
 * Oniguruma WebAssembly, costs ~100 ms and is paid once); grammars are loaded on demand, only
 * for the languages a site uses. Tokens are coloured by CSS classes, not inline styles: the
 * site's Content-Security-Policy has no 'unsafe-inline', and one class set serves the light and
 * the dark theme (shiki's css-variables theme tokenises once for both).
 */
const THEME = 'codedocs';
const theme = createCssVariablesTheme({ name: THEME, variablePrefix: '--shiki-', fontStyle: true });

let highlighter: Promise<HighlighterCore> | null = null;
const loading = new Map<string, Promise<void>>();

function getHighlighter(): Promise<HighlighterCore> {
  highlighter ??= createHighlighterCore({
    themes: [theme],
    langs: [],
    engine: createOnigurumaEngine(import('shiki/wasm')),
  });
  return highlighter;
}

/** The shiki grammar id for a language name (an engine id, a fence info string), or null. */
export function grammarFor(language: string | null | undefined): string | null {
  if (!language) return null;
  const id = language.trim().toLowerCase();
  return id in bundledLanguages ? id : null;
}

/** A highlighter with exactly the given grammars loaded (plus any loaded before). */
export async function prepareHighlighter(languages: Iterable<string>): Promise<Highlight> {
  const hl = await getHighlighter();
  const wanted = [...new Set(languages)].map(grammarFor).filter((id): id is string => !!id);
  for (const id of wanted.sort()) {
    if (!loading.has(id)) {
      const loader = bundledLanguages[id as keyof typeof bundledLanguages];
      loading.set(
        id,
        loader().then((mod) => hl.loadLanguage(mod.default)),
      );
    }
    await loading.get(id);
  }
  return new Highlight(hl);
}

const CACHE_LIMIT = 20_000;

/** Synchronous highlighting of snippets once the grammars are loaded, with a snippet cache. */
export class Highlight {
  readonly #cache = new Map<string, string>();
  constructor(readonly highlighter: HighlighterCore) {}

  /** HTML for the inside of a `<code>`: escaped text in token spans; plain when no grammar. */
  code(code: string, language: string | null | undefined): string {
    const lang = grammarFor(language);
    if (!lang || !this.highlighter.getLoadedLanguages().includes(lang)) return esc(code);
    const key = `${lang}\0${code}`;
    const hit = this.#cache.get(key);
    if (hit !== undefined) return hit;
    const lines = this.highlighter.codeToTokensBase(code, { lang, theme: THEME });
    const html = lines.map(renderLine).join('\n');
    if (this.#cache.size >= CACHE_LIMIT) this.#cache.clear();
    this.#cache.set(key, html);
    return html;
  }
}

function tokenClass(token: ThemedToken): string {
  const match = /--shiki-(token-)?([a-z-]+)/.exec(token.color ?? '');
  const names: string[] = [];
  if (match && match[2] !== 'foreground') names.push(`hl-${match[2]}`);
  const style = token.fontStyle ?? 0;
  if (style > 0) {
    if (style & 1) names.push('hl-i');
    if (style & 2) names.push('hl-b');
    if (style & 4) names.push('hl-u');
  }
  return names.join(' ');
}

function renderLine(tokens: ThemedToken[]): string {
  let out = '';
  let openClass = '';
  let text = '';
  const flush = () => {
    if (!text) return;
    out += openClass ? `<span class="${openClass}">${esc(text)}</span>` : esc(text);
    text = '';
  };
  for (const token of tokens) {
    const cls = /^\s*$/.test(token.content) ? openClass : tokenClass(token);
    if (cls !== openClass) {
      flush();
      openClass = cls;
    }
    text += token.content;
  }
  flush();
  return out;
}
