import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  applyDarkMode,
  clearDarkModePreference,
  isDarkMode,
  readDarkModePreference,
  setDarkMode,
  subscribeDarkMode,
} from './dark-mode';

function stubSystemScheme(dark: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    matches: dark,
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal(
    'matchMedia',
    vi.fn(() => query),
  );
  return {
    change(next: boolean) {
      query.matches = next;
      listeners.forEach((listener) => listener());
    },
  };
}

describe('dark mode', () => {
  afterEach(() => {
    document.documentElement.style.colorScheme = '';
  });

  it('is stored under "darkMode" as "true"/"false" and applied to <html>', () => {
    setDarkMode(true);
    expect(localStorage.getItem('darkMode')).toBe('true');
    expect(document.documentElement).toHaveClass('dark');
    expect(isDarkMode()).toBe(true);

    setDarkMode(false);
    expect(localStorage.getItem('darkMode')).toBe('false');
    expect(document.documentElement).not.toHaveClass('dark');
    expect(isDarkMode()).toBe(false);
  });

  it('follows prefers-color-scheme while no preference is stored', () => {
    const system = stubSystemScheme(true);
    expect(readDarkModePreference()).toBeNull();
    expect(isDarkMode()).toBe(true);

    system.change(false);
    expect(isDarkMode()).toBe(false);
  });

  it('lets a stored preference win over the system scheme', () => {
    stubSystemScheme(true);
    localStorage.setItem('darkMode', 'false');
    expect(isDarkMode()).toBe(false);
  });

  it('is light without a preference when matchMedia is unavailable', () => {
    vi.stubGlobal('matchMedia', undefined);
    expect(isDarkMode()).toBe(false);
  });

  it('re-applies the class when the system scheme changes and nothing is stored', () => {
    const system = stubSystemScheme(false);
    const onChange = vi.fn();
    const unsubscribe = subscribeDarkMode(onChange);
    applyDarkMode(isDarkMode());

    system.change(true);

    expect(document.documentElement).toHaveClass('dark');
    expect(onChange).toHaveBeenCalled();
    unsubscribe();
  });

  it('notifies subscribers of a change in this tab and can forget the preference', () => {
    stubSystemScheme(false);
    const onChange = vi.fn();
    const unsubscribe = subscribeDarkMode(onChange);

    setDarkMode(true);
    expect(onChange).toHaveBeenCalledTimes(1);

    clearDarkModePreference();
    expect(localStorage.getItem('darkMode')).toBeNull();
    expect(document.documentElement).not.toHaveClass('dark');
    expect(onChange).toHaveBeenCalledTimes(2);
    unsubscribe();
  });
});
