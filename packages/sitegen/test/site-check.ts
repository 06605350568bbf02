/** Helpers that read a built site's HTML the way a browser would follow it. */

/** Every `href`/`src` attribute value in a page (entities for & decoded). */
export function attributeUrls(html: string): { attr: string; value: string; tag: string }[] {
  const out: { attr: string; value: string; tag: string }[] = [];
  for (const tag of html.matchAll(/<([a-zA-Z][\w-]*)\b([^>]*)>/g)) {
    for (const attr of (tag[2] ?? '').matchAll(/\s(href|src)="([^"]*)"/g)) {
      out.push({ tag: tag[1]!.toLowerCase(), attr: attr[1]!, value: attr[2]!.replace(/&amp;/g, '&') });
    }
  }
  return out;
}

/** Every id="…" in a page. */
export function idsOf(html: string): Set<string> {
  return new Set([...html.matchAll(/\sid="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&')));
}

/** Resolves a relative URL against a page path (POSIX, site root based). */
export function resolvePath(fromPage: string, url: string): string {
  const base = fromPage.split('/').slice(0, -1);
  for (const segment of url.split('/')) {
    if (segment === '..') base.pop();
    else if (segment !== '.' && segment !== '') base.push(decodeURIComponent(segment));
  }
  return base.join('/');
}
