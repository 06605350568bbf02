import { useMemo } from 'react';
import { useDarkMode } from '@/hooks/use-dark-mode';
import { shikiLanguageFor } from '../highlight/shiki-languages';
import { useHighlightedLines } from '../hooks/use-highlighted-lines';

/** Files larger than this are always shown as plain text: highlighting them would stall the tab. */
export const HIGHLIGHT_MAX_BYTES = 300 * 1024;

const FONT_STYLE_ITALIC = 1;
const FONT_STYLE_BOLD = 2;
const FONT_STYLE_UNDERLINE = 4;

/** Props of CodeView. */
export interface CodeViewProps {
  content: string;
  language: string | null;
  extension: string;
  /** Size of the whole file in bytes (decides the plain-text fallback). */
  size: number;
  /** The code-block toggle: highlighted code blocks when on, plain text when off. */
  codeBlocks: boolean;
  /** Number of the first line shown (an excerpt of a file starts past line 1). */
  firstLine?: number;
}

/**
 * A file's text with line numbers: syntax-highlighted (shiki, the app's light or dark theme) when
 * code blocks are on and the file is at most 300 KB in a known language, otherwise plain text.
 * Plain text also shows while the grammar loads.
 */
export function CodeView({
  content,
  language,
  extension,
  size,
  codeBlocks,
  firstLine = 1,
}: CodeViewProps) {
  const { dark } = useDarkMode();
  const shikiLanguage = shikiLanguageFor(language, extension);
  const highlight = codeBlocks && size <= HIGHLIGHT_MAX_BYTES;
  const { lines } = useHighlightedLines(content, shikiLanguage, dark, highlight);
  const lineCount = useMemo(() => countLines(content), [content]);
  const numbers = useMemo(
    () => Array.from({ length: lineCount }, (_, index) => index + firstLine).join('\n'),
    [lineCount, firstLine],
  );

  return (
    <div
      data-testid="file-code"
      data-mode={lines ? 'highlighted' : 'plain'}
      className="flex min-w-max font-mono text-xs leading-5"
    >
      <pre
        aria-hidden="true"
        className="sticky left-0 shrink-0 border-r border-border bg-muted px-3 py-2 text-right text-muted-foreground select-none"
      >
        {numbers}
      </pre>
      <pre className="flex-1 px-4 py-2">
        <code>{lines ? lines.map(renderLine) : content}</code>
      </pre>
    </div>
  );
}

function countLines(content: string): number {
  let count = 1;
  for (let index = content.indexOf('\n'); index !== -1; index = content.indexOf('\n', index + 1))
    count += 1;
  // A final newline ends the last line rather than starting an empty one.
  return content.endsWith('\n') && count > 1 ? count - 1 : count;
}

// shiki's FontStyle is a bit set, with -1 for "not set".
function hasStyle(fontStyle: number | undefined, flag: number): boolean {
  return fontStyle !== undefined && fontStyle > 0 && (fontStyle & flag) !== 0;
}

function renderLine(
  tokens: { content: string; color?: string; fontStyle?: number }[],
  index: number,
) {
  return (
    <span key={index}>
      {index > 0 && '\n'}
      {tokens.map((token, position) => (
        <span
          key={position}
          style={{
            color: token.color,
            fontStyle: hasStyle(token.fontStyle, FONT_STYLE_ITALIC) ? 'italic' : undefined,
            fontWeight: hasStyle(token.fontStyle, FONT_STYLE_BOLD) ? 'bold' : undefined,
            textDecoration: hasStyle(token.fontStyle, FONT_STYLE_UNDERLINE)
              ? 'underline'
              : undefined,
          }}
        >
          {token.content}
        </span>
      ))}
    </span>
  );
}
