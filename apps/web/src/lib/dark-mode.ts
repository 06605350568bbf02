import { DARK_MODE_STORAGE_KEY } from '@codedocs/contract';

// public/theme-init.js applies the same rule before first paint; keep the two in step.

const CHANGE_EVENT = 'codedocs:dark-mode-change';
const DARK_QUERY = '(prefers-color-scheme: dark)';

function systemQuery(): MediaQueryList | null {
  return typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null;
}

/** The stored preference: true/false, or null when the visitor never chose. */
export function readDarkModePreference(): boolean | null {
  try {
    const stored = window.localStorage.getItem(DARK_MODE_STORAGE_KEY);
    return stored === null ? null : stored === 'true';
  } catch {
    return null;
  }
}

/** Whether the app is dark: the stored preference, else the system's colour scheme. */
export function isDarkMode(): boolean {
  return readDarkModePreference() ?? systemQuery()?.matches ?? false;
}

/** Puts the `dark` class (and the matching native colour scheme) on `<html>`. */
export function applyDarkMode(dark: boolean): void {
  const root = document.documentElement;
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
}

/** Stores the preference under `darkMode` ("true"/"false"), applies it and tells subscribers. */
export function setDarkMode(dark: boolean): void {
  try {
    window.localStorage.setItem(DARK_MODE_STORAGE_KEY, String(dark));
  } catch {
    // Storage can be blocked; the choice then lasts for this page only.
  }
  applyDarkMode(dark);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/**
 * Calls `onChange` whenever dark mode may have changed: set here, set in another tab, or the
 * system scheme changed while no preference is stored. Re-applies the class first.
 * Returns the unsubscribe function.
 */
export function subscribeDarkMode(onChange: () => void): () => void {
  const handleExternalChange = () => {
    applyDarkMode(isDarkMode());
    onChange();
  };
  const handleStorage = (event: StorageEvent) => {
    if (event.key === DARK_MODE_STORAGE_KEY || event.key === null) handleExternalChange();
  };
  const query = systemQuery();
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('storage', handleStorage);
  query?.addEventListener('change', handleExternalChange);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', handleStorage);
    query?.removeEventListener('change', handleExternalChange);
  };
}

/** Forgets the stored preference so the app follows the system's colour scheme again. */
export function clearDarkModePreference(): void {
  try {
    window.localStorage.removeItem(DARK_MODE_STORAGE_KEY);
  } catch {
    // Nothing stored that could be removed.
  }
  applyDarkMode(isDarkMode());
  window.dispatchEvent(new Event(CHANGE_EVENT));
}
