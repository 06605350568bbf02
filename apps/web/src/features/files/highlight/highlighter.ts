import type { HighlighterCore, ThemedToken } from 'shiki/core';
import { loadShikiLanguage } from './shiki-languages';

/** The two themes; the viewer picks one from the app's dark mode. */
export const LIGHT_THEME = 'github-light';
export const DARK_THEME = 'github-dark';

let highlighter: Promise<HighlighterCore> | null = null;
const loadedLanguages = new Map<string, Promise<void>>();

/**
 * The one highlighter of the app, made on first use. It uses shiki's JavaScript regex engine
 * (the CSP forbids WebAssembly) and loads the core, the engine and both themes as lazy chunks.
 */
function getHighlighter(): Promise<HighlighterCore> {
  highlighter ??= Promise.all([
    import('shiki/core'),
    import('shiki/engine/javascript'),
    import('shiki/themes/github-light.mjs'),
    import('shiki/themes/github-dark.mjs'),
  ]).then(([core, engine, light, dark]) =>
    core.createHighlighterCore({
      themes: [light.default, dark.default],
      langs: [],
      engine: engine.createJavaScriptRegexEngine(),
    }),
  );
  highlighter.catch(() => {
    highlighter = null;
  });
  return highlighter;
}

async function ensureLanguage(instance: HighlighterCore, language: string): Promise<void> {
  let loading = loadedLanguages.get(language);
  if (!loading) {
    loading = loadShikiLanguage(language).then((module) => instance.loadLanguage(module.default));
    loadedLanguages.set(language, loading);
    loading.catch(() => loadedLanguages.delete(language));
  }
  return loading;
}

/** Colour and style of one token, ready for a `style` attribute. */
export interface CodeToken {
  content: string;
  color?: string;
  fontStyle?: number;
}

/**
 * Splits `code` into lines of coloured tokens in `language` (a name from shikiLanguageFor) with
 * the light or dark theme; the grammar is loaded on first use.
 */
export async function highlightLines(
  code: string,
  language: string,
  dark: boolean,
): Promise<CodeToken[][]> {
  const instance = await getHighlighter();
  await ensureLanguage(instance, language);
  const { tokens } = instance.codeToTokens(code, {
    lang: language,
    theme: dark ? DARK_THEME : LIGHT_THEME,
  });
  return tokens.map((line: ThemedToken[]) =>
    line.map(({ content, color, fontStyle }) => ({ content, color, fontStyle })),
  );
}
