import type { DocComment } from '../model.ts';

const ENTITIES: Record<string, string> = {
  lt: '<',
  gt: '>',
  amp: '&',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  mdash: '—',
  ndash: '–',
};

function decodeEntities(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_all, n: string) => String.fromCharCode(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_all, n: string) => String.fromCharCode(parseInt(n, 16)))
    .replace(/&([a-z]+);/gi, (all, name: string) => ENTITIES[name.toLowerCase()] ?? all);
}

/**
 * The HTML Javadoc and KDoc authors write, as markdown: `<p>` paragraphs, `<pre>` code blocks,
 * lists, `<code>`/`{@code}` spans, emphasis, links by their text, entities decoded. Tags it does
 * not know are dropped, their text kept.
 */
export function htmlToMarkdown(text: string): string {
  const blocks: string[] = [];
  const withoutPre = text.replace(/<pre[^>]*>([\s\S]*?)<\/pre>/gi, (_all, code: string) => {
    const body = code.replace(/^\s*\{@code\s*([\s\S]*)\}\s*$/, '$1').replace(/<\/?code>/gi, '');
    blocks.push('```\n' + decodeEntities(body).replace(/^\n+|\s+$/g, '') + '\n```');
    return `\n\n\uE000${blocks.length - 1}\uE000\n\n`;
  });
  const markdown = withoutPre
    .replace(/\{@(?:code|literal)\s+([^}]*)\}/g, (_all, c: string) => `\`${c.trim()}\``)
    .replace(/<code>([\s\S]*?)<\/code>/gi, (_all, c: string) => `\`${c.trim()}\``)
    .replace(/<(?:b|strong)>([\s\S]*?)<\/(?:b|strong)>/gi, '**$1**')
    .replace(/<(?:i|em)>([\s\S]*?)<\/(?:i|em)>/gi, '*$1*')
    .replace(/<a\s[^>]*>([\s\S]*?)<\/a>/gi, '$1')
    .replace(/<li>\s*/gi, '\n- ')
    .replace(/<\/li>/gi, '')
    .replace(/<\/?[uo]l>/gi, '\n')
    .replace(/<\/?p\s*\/?>|<br\s*\/?>/gi, '\n\n')
    .replace(/<\/?[a-zA-Z][^>]*>/g, '');
  return decodeEntities(markdown)
    .split('\n')
    .map((l) => l.trimEnd())
    .join('\n')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/\uE000(\d+)\uE000/g, (_all, n: string) => blocks[Number(n)]!)
    .trim();
}

/** Every prose part of a parsed comment through htmlToMarkdown (Javadoc, KDoc). */
export function markdownFromHtml(doc: DocComment): void {
  const inline = (s: string) => htmlToMarkdown(s).replace(/\s*\n\s*/g, ' ');
  doc.description = htmlToMarkdown(doc.description);
  for (const p of doc.params) p.description = inline(p.description);
  if (doc.returns) doc.returns.description = inline(doc.returns.description);
  for (const t of doc.throws) t.description = inline(t.description);
}
