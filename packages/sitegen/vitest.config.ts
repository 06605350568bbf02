import { defineConfig } from 'vitest/config';

// Unit and fixture tests of the site generator, plus one browser test that opens a built site
// over file:// in Debian's Chromium (skipped when /usr/bin/chromium is missing).
export default defineConfig({
  test: {
    name: 'sitegen',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
