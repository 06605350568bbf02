/**
 * Sends the browser to another page with a full navigation (a checkout or billing portal,
 * possibly on another site). Its own module so screen tests can replace it.
 */
export function leaveAppFor(url: string): void {
  window.location.assign(url);
}
