/**
 * Leaves the app for another page (a documentation site on SITES_ORIGIN or under /sites/),
 * replacing nothing in the app's history. One place, so tests can replace it.
 */
export function leaveAppFor(url: string): void {
  window.location.assign(url);
}
