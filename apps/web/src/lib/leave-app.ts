/**
 * Sends the browser to another page with a full navigation (a documentation site on
 * SITES_ORIGIN or under /sites/, a checkout or billing portal). Its own module so screen tests
 * can replace it.
 */
export function leaveAppFor(url: string): void {
  window.location.assign(url);
}
