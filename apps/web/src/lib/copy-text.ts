/**
 * Copies `text` to the clipboard: the Clipboard API where the page may use it (secure origins),
 * else a hidden textarea and `document.execCommand('copy')` (plain-http self-hosted installs).
 * Resolves false when neither worked, so the caller can ask the user to copy by hand.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Denied or unavailable: try the fallback.
  }
  // Placed beside the focused control, so a dialog's focus trap keeps it focusable.
  const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.setAttribute('aria-hidden', 'true');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  (previous?.parentElement ?? document.body).append(area);
  area.focus({ preventScroll: true });
  area.select();
  try {
    return typeof document.execCommand === 'function' && document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
    previous?.focus({ preventScroll: true });
  }
}
