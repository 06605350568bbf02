/** How long an object URL handed to a download stays valid. */
const REVOKE_AFTER_MS = 60_000;

/**
 * Saves bytes the app received (a zip) as a download named `fileName`: an object URL clicked
 * through a temporary `<a download>`, revoked a minute later (the browser has started by then).
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  anchor.hidden = true;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

/** A file name for a download made from a name people chose (no path or odd characters). */
export function downloadFileName(name: string, extension: string): string {
  const safe = name
    .replace(/[^\p{L}\p{N}._ ()-]+/gu, '-')
    .replace(/^[.\s-]+|[.\s-]+$/g, '')
    .slice(0, 80);
  return `${safe || 'download'}.${extension}`;
}
