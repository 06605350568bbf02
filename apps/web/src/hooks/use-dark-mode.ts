import { useCallback, useSyncExternalStore } from 'react';
import {
  clearDarkModePreference,
  isDarkMode,
  readDarkModePreference,
  setDarkMode,
  subscribeDarkMode,
} from '@/lib/dark-mode';

/**
 * The dark-mode preference as React state. Every caller (header toggle, appearance switch)
 * sees the same value because it lives in localStorage and the `dark` class on <html>.
 * `followsSystem` is true while no choice is stored.
 */
export function useDarkMode() {
  const dark = useSyncExternalStore(subscribeDarkMode, isDarkMode, () => false);
  const followsSystem = useSyncExternalStore(
    subscribeDarkMode,
    () => readDarkModePreference() === null,
    () => true,
  );
  const toggleDarkMode = useCallback(() => setDarkMode(!isDarkMode()), []);
  return { dark, followsSystem, setDarkMode, toggleDarkMode, clearDarkModePreference };
}
