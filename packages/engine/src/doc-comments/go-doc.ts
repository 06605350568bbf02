import { stripCommentMarkers } from './strip.ts';

const LIST_ITEM = /^\s*(?:[-*+•]|\d+[.)])\s/;

/**
 * A Go doc comment's text as go/doc reads it, for parsing: each `//` line loses its marker and
 * one space (go/ast's CommentGroup.Text), not the common margin stripCommentMarkers removes (it
 * would take a tab-indented code line's tab for the margin of `// text` and flatten the code).
 * Indented spans that are not list items are code blocks (go/doc/comment), fenced here.
 */
export function goDocText(comments: readonly string[]): string {
  const lines: string[] = [];
  for (const comment of comments) {
    if (comment.startsWith('//')) {
      const line = comment.slice(2).replace(/\r?\n$/, '');
      lines.push(line.startsWith(' ') ? line.slice(1) : line);
    } else lines.push(...stripCommentMarkers(comment).split('\n'));
  }
  const out: string[] = [];
  let inList = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trimEnd();
    const indented = /^\s/.test(line) && line.trim() !== '';
    if (!indented) {
      if (line) inList = false;
      out.push(line);
      continue;
    }
    // a list item and the lines that continue it are no code
    // (Go indents its lists; Markdown would nest an item indented deeper than the one before)
    if (LIST_ITEM.test(line) || (inList && out.at(-1))) {
      out.push(LIST_ITEM.test(line) ? line.trimStart() : `  ${line.trimStart()}`);
      inList = true;
      continue;
    }
    let end = i;
    while (end < lines.length && (!lines[end]!.trim() || /^\s/.test(lines[end]!))) {
      if (lines[end]!.trim() && LIST_ITEM.test(lines[end]!)) break;
      end++;
    }
    while (end > i && !lines[end - 1]!.trim()) end--;
    const block = lines.slice(i, end).map((l) => l.trimEnd());
    const margin = commonMargin(block.filter(Boolean));
    if (out.length && out.at(-1)) out.push('');
    out.push('```', ...block.map((l) => l.slice(margin)), '```');
    if (end < lines.length && lines[end]!.trim()) out.push('');
    i = end - 1;
  }
  return out.join('\n').trim();
}

/** The longest run of leading white space every line shares, as characters (tabs stay tabs). */
function commonMargin(lines: string[]): number {
  let prefix = /^\s*/.exec(lines[0] ?? '')![0];
  for (const line of lines.slice(1)) {
    let n = 0;
    while (n < prefix.length && line[n] === prefix[n]) n++;
    prefix = prefix.slice(0, n);
  }
  return prefix.length;
}
