import { createCssVariablesTheme, createHighlighterCore, type HighlighterCore } from 'shiki/core';
import { createOnigurumaEngine } from 'shiki/engine/oniguruma';
import { bundledLanguages } from 'shiki/langs';
import { EncodedTokenMetadata, INITIAL } from 'shiki/textmate';
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
  return Object.hasOwn(bundledLanguages, id) ? id : null;
}

/**
 * Pays shiki's one-time costs ahead of the first build (a server may call it at start-up):
 * loading the grammars and compiling their expressions, ~0.5–1 s for TypeScript here.
 */
export async function preloadHighlighting(languages: string[]): Promise<void> {
  const highlight = await prepareHighlighter(languages);
  for (const language of languages) highlight.code('x', language);
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

/**
 * Highlighted snippets by language and text, shared by every build of the process: rebuilding a
 * folder ("Update") re-highlights only what changed. Bounded; emptied when full.
 */
const cache = new Map<string, string>();
const CACHE_LIMIT = 50_000;

/** Empties the snippet cache (for measurements that must not reuse an earlier build's work). */
export function clearHighlightCache(): void {
  cache.clear();
}

/** Synchronous highlighting of snippets once the grammars are loaded. */
export class Highlight {
  /** The class attribute for each colour index of the theme's colour map. */
  readonly #classOfColor: string[];

  constructor(readonly highlighter: HighlighterCore) {
    // The css-variables theme registers placeholder colours and maps them back to
    // `var(--shiki-token-…)` through its colour replacements.
    const { theme: registered, colorMap } = highlighter.setTheme(THEME);
    const replacements = registered.colorReplacements ?? {};
    this.#classOfColor = colorMap.map((color) => {
      const variable = replacements[color.toLowerCase()] ?? replacements[color] ?? color;
      const match = /--shiki-(?:token-)?([a-z-]+)/.exec(String(variable));
      return match && match[1] !== 'foreground' ? `hl-${match[1]}` : '';
    });
  }

  /** HTML for the inside of a `<code>`: escaped text in token spans; plain when no grammar. */
  code(code: string, language: string | null | undefined): string {
    const lang = grammarFor(language);
    if (!lang || !this.highlighter.getLoadedLanguages().includes(lang)) return esc(code);
    const key = `${lang}\0${code}`;
    const hit = cache.get(key);
    if (hit !== undefined) return hit;
    const html = this.#tokenize(code, lang);
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(key, html);
    return html;
  }

  /**
   * The grammar's encoded tokens straight to HTML (what shiki's codeToTokensBase does, without a
   * token object per token): class from the foreground colour index and the font-style bits,
   * whitespace joined to the open span, neighbours of one class merged.
   */
  #tokenize(code: string, lang: string): string {
    const grammar = this.highlighter.getLanguage(lang);
    let state = INITIAL;
    const out: string[] = [];
    for (const line of code.split(/\r?\n/)) {
      if (line === '' || line.length > MAX_LINE_LENGTH) {
        out.push(esc(line));
        continue;
      }
      const result = grammar.tokenizeLine2(line, state, NO_TIME_LIMIT);
      state = result.ruleStack;
      const tokens = result.tokens;
      let html = '';
      let openClass = '';
      let text = '';
      for (let i = 0; i < tokens.length; i += 2) {
        const start = tokens[i] as number;
        const end = i + 2 < tokens.length ? (tokens[i + 2] as number) : line.length;
        if (start >= end) continue;
        const content = line.slice(start, end);
        const cls = WHITESPACE.test(content) ? openClass : this.#classOf(tokens[i + 1] as number);
        if (cls !== openClass) {
          if (text)
            html += openClass ? `<span class="${openClass}">${esc(text)}</span>` : esc(text);
          text = '';
          openClass = cls;
        }
        text += content;
      }
      if (text) html += openClass ? `<span class="${openClass}">${esc(text)}</span>` : esc(text);
      out.push(html);
    }
    return out.join('\n');
  }

  #classOf(metadata: number): string {
    const color = this.#classOfColor[EncodedTokenMetadata.getForeground(metadata)] ?? '';
    const style = EncodedTokenMetadata.getFontStyle(metadata);
    if (style <= 0) return color;
    const names = color ? [color] : [];
    if (style & 1) names.push('hl-i');
    if (style & 2) names.push('hl-b');
    if (style & 4) names.push('hl-u');
    return names.join(' ');
  }
}

const WHITESPACE = /^\s+$/;
/**
 * No time limit per line: shiki's default (500 ms) stops a line early when the machine is busy
 * (the first lines of a grammar also pay for compiling its expressions), which would make the
 * output depend on load and break determinism. Very long lines (minified code) stay plain.
 */
const NO_TIME_LIMIT = 0;
const MAX_LINE_LENGTH = 2_000;
