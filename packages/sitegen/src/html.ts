/** HTML text and attribute escaping: every string from the model goes through one of these. */
const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for an element's content or a quoted attribute value. */
export function esc(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** Only http(s) URLs from the model become links to the outside; anything else is dropped. */
export function safeExternalUrl(url: string | null): string | null {
  if (!url) return null;
  return /^https?:\/\/[^\s"'<>]+$/i.test(url) ? url : null;
}

/** An external link (the repository's host): opened without referrer or opener. */
export function externalLink(url: string | null, text: string): string {
  const safe = safeExternalUrl(url);
  if (!safe) return esc(text);
  return `<a class="external" href="${esc(safe)}" rel="noopener noreferrer nofollow">${esc(text)}</a>`;
}
