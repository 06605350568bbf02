import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isDarkMode } from './dark-mode';

// public/theme-init.js runs before first paint; it must agree with lib/dark-mode.
const here = dirname(fileURLToPath(import.meta.url));
const script = readFileSync(join(here, '../../public/theme-init.js'), 'utf8');
const runThemeInit = () => new Function(script)();

function stubSystemDark(dark: boolean) {
  vi.stubGlobal('matchMedia', () => ({ matches: dark }));
}

describe('public/theme-init.js', () => {
  afterEach(() => {
    document.documentElement.style.colorScheme = '';
  });

  it.each([
    ['true', false, true],
    ['false', true, false],
    [null, true, true],
    [null, false, false],
  ])(
    'with darkMode=%s and system dark=%s applies dark=%s, like the app',
    (stored, system, dark) => {
      stubSystemDark(system);
      if (stored !== null) localStorage.setItem('darkMode', stored);

      runThemeInit();

      expect(document.documentElement.classList.contains('dark')).toBe(dark);
      expect(document.documentElement.style.colorScheme).toBe(dark ? 'dark' : 'light');
      expect(isDarkMode()).toBe(dark);
    },
  );
});
