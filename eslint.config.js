// @ts-check
import { readdirSync, existsSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * Import boundaries of DESIGN.md section 3 and CONVENTIONS 1, enforced with
 * no-restricted-imports so a violation is a lint error, not a review comment.
 */
const webFeatures = existsSync('apps/web/src/features')
  ? readdirSync('apps/web/src/features', { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
  : [];

const webOnly = ['@codedocs/db', '@codedocs/server', '@codedocs/engine', '**/apps/server/**'];

/** @param {string[]} groups @param {string} message */
const forbid = (groups, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: groups, message }] }],
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // contract imports nothing of ours.
  {
    files: ['packages/contract/**/*.ts'],
    rules: forbid(
      ['@codedocs/*', '**/apps/**', '**/packages/**'],
      'packages/contract imports no code of this project (DESIGN.md section 3).',
    ),
  },
  // db depends on contract only.
  {
    files: ['packages/db/**/*.ts'],
    rules: forbid(
      ['@codedocs/server', '@codedocs/web', '@codedocs/engine', '@codedocs/sitegen', '**/apps/**'],
      'packages/db may import only @codedocs/contract (DESIGN.md section 3).',
    ),
  },
  // engine and sitegen are pure: no db, server or web.
  {
    files: ['packages/engine/**/*.ts', 'packages/sitegen/**/*.ts'],
    rules: forbid(
      ['@codedocs/db', '@codedocs/server', '@codedocs/web', '**/apps/**', 'kysely', 'fastify'],
      'engine and sitegen are pure: no database, HTTP server or web code (DESIGN.md section 3).',
    ),
  },
  // web talks to the server over HTTP only.
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: forbid(webOnly, 'The web app may import only @codedocs/contract from this project.'),
  },
  // Only repositories (and the db plugin that opens the connection) touch SQL.
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/repositories/**',
      'apps/server/src/plugins/db.ts',
      'apps/server/src/test/**',
      'apps/server/src/**/*.test.ts',
    ],
    rules: forbid(
      ['kysely', 'better-sqlite3', 'pg', 'apps/server/src/repositories/**/sql*'],
      'Only apps/server/src/repositories runs SQL (CONVENTIONS 1).',
    ),
  },
  // Features do not import each other (bulletproof-react).
  ...webFeatures.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: forbid(
      [
        ...webOnly,
        ...webFeatures
          .filter((other) => other !== feature)
          .flatMap((other) => [
            `@/features/${other}`,
            `@/features/${other}/**`,
            `**/features/${other}/**`,
          ]),
      ],
      `Feature "${feature}" must not import another feature; share through src/components, src/lib or src/app.`,
    ),
  })),
);
