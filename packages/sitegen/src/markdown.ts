import { Marked, type Tokens } from 'marked';
import sanitizeHtml from 'sanitize-html';
import type { Highlight } from './highlight.ts';

/**
 * Doc fields are markdown written by people or generators (DESIGN.md section 8: sanitised before
 * it is rendered anywhere). marked turns it into HTML with fenced code highlighted by shiki, and
 * sanitize-html then keeps only an allow-list: no script, style, iframe, form or event handler,
 * links only to http(s), mailto and in-page anchors, images only as inline data: images (the
 * site's CSP allows nothing else, and an external image would be a request).
 */
const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'hr', 'h4', 'h5', 'h6', 'blockquote', 'ul', 'ol', 'li', 'dl', 'dt', 'dd',
    'strong', 'b', 'em', 'i', 'del', 's', 'code', 'pre', 'kbd', 'sub', 'sup', 'span', 'a', 'img',
    'table', 'thead', 'tbody', 'tr', 'th', 'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'title'],
    span: ['class'],
    pre: ['class'],
    th: ['align'],
    td: ['align'],
  },
  allowedClasses: { span: ['hl-*'], pre: ['code'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  exclusiveFilter: (frame) =>
    frame.tag === 'img' &&
    !/^data:image\/(png|gif|jpeg|webp);base64,[a-z0-9+/=\s]+$/i.test(frame.attribs.src ?? ''),
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: /^https?:/i.test(attribs.href ?? '')
        ? { ...attribs, rel: 'noopener noreferrer nofollow' }
        : { ...attribs, rel: '' },
    }),
  },
};

/** Renders and sanitises markdown; one instance per build (it memoises repeated texts). */
export class MarkdownRenderer {
  readonly #marked: Marked;
  readonly #memo = new Map<string, string>();
  #language: string | null = null;

  constructor(highlight: Highlight) {
    this.#marked = new Marked({
      gfm: true,
      async: false,
      renderer: {
        code: ({ text, lang }: Tokens.Code) => {
          const language = (lang ?? '').split(/\s/)[0] || this.#language;
          return `<pre class="code"><code>${highlight.code(text.replace(/\n$/, ''), language)}</code></pre>\n`;
        },
        heading({ tokens, depth }: Tokens.Heading) {
          // Fields sit under the page's h1, the object's h2 and the field's h3.
          const level = Math.min(6, depth + 3);
          return `<h${level}>${this.parser.parseInline(tokens)}</h${level}>\n`;
        },
      },
    });
  }

  /** Sanitised HTML for a markdown text; unlabelled code fences use `language`. */
  render(markdown: string, language: string | null): string {
    const key = `${language ?? ''}\0${markdown}`;
    const hit = this.#memo.get(key);
    if (hit !== undefined) return hit;
    this.#language = language;
    const raw = this.#marked.parse(markdown) as string;
    const html = sanitizeHtml(raw, SANITIZE).replace(/ rel=""/g, '');
    this.#memo.set(key, html);
    return html;
  }
}

/** Markdown reduced to one line of plain text (search results, page descriptions). */
export function plainText(markdown: string, max = 160): string {
  const text = markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*_#>~|]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}
