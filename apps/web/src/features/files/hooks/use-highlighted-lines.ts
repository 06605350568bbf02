import { useEffect, useState } from 'react';
import { highlightLines, type CodeToken } from '../highlight/highlighter';

/** Highlighting of one text: the lines, or null while pending, off or failed. */
export interface HighlightedLines {
  lines: CodeToken[][] | null;
  pending: boolean;
}

/**
 * Highlights `code` in `language` with the theme of `dark`; null `language` (or `enabled` off)
 * means plain text. A failed grammar load also falls back to plain text.
 */
export function useHighlightedLines(
  code: string,
  language: string | null,
  dark: boolean,
  enabled: boolean,
): HighlightedLines {
  const active = enabled && language !== null;
  const key = active ? `${language}|${dark ? 'dark' : 'light'}` : null;
  const [result, setResult] = useState<{
    code: string;
    key: string;
    lines: CodeToken[][] | null;
  }>();

  useEffect(() => {
    if (!active || key === null || language === null) return;
    let current = true;
    highlightLines(code, language, dark).then(
      (lines) => current && setResult({ code, key, lines }),
      () => current && setResult({ code, key, lines: null }),
    );
    return () => {
      current = false;
    };
  }, [active, code, dark, key, language]);

  if (!active) return { lines: null, pending: false };
  const done = result?.code === code && result.key === key;
  return { lines: done ? (result?.lines ?? null) : null, pending: !done };
}
