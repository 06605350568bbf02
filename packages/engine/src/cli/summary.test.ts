import { expect, test } from 'vitest';
import { indexRepository } from '../index-repository.ts';
import { summarize } from './summary.ts';

test('the CLI summary counts files, objects and diagnostics per language', async () => {
  const index = await indexRepository([
    { path: 'a.py', content: 'def f():\n    g()\n' },
    { path: 'b.py', content: 'def (:\n' },
    { path: 'notes.txt', content: 'hello' },
  ]);
  const text = summarize(index);
  expect(text).toMatch(/^python\s+2\s+3\s+\d+$/m);
  expect(text).toMatch(/^\(unknown-language\)\s+1\s+0\s+0$/m);
  expect(text).toContain('references: 1 (0 resolved, 1 external)');
});
