import { defineConfig } from 'vitest/config';

// The accuracy suites parse real corpora (the Python standard library, TypeScript sources in
// node_modules), so they get generous timeouts; everything else is fast unit and fixture tests.
export default defineConfig({
  test: {
    name: 'engine',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
