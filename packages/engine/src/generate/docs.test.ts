import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { indexRepository } from '../index-repository.ts';
import { generateDoc } from './docs.ts';
import { renderDocComment } from './render.ts';

const fixtures = join(import.meta.dirname, '../../test/fixtures');

test('generated docs list exactly the signature parameters, in every fixture language', async () => {
  const files = readdirSync(fixtures, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\/input\.[^/]+$/.test(f))
    .sort()
    .map((f) => ({ path: f.replace(/\.txt$/, ''), content: readFileSync(join(fixtures, f)) }));
  const index = await indexRepository(files);
  let checked = 0;
  for (const file of index.files) {
    for (const object of file.objects) {
      const doc = generateDoc(object, index.references);
      expect(doc.summary, object.qualifiedName).not.toBe('');
      expect(doc.parameters.map((p) => p.name)).toEqual(object.parameters.map((p) => p.name));
      const rendered = renderDocComment(file.language ?? '', object, doc);
      for (const p of object.parameters) {
        // receivers (Python's self/cls, Rust's self) are not arguments; unnamed parameters (C
        // prototypes, Go interface methods) cannot be named in a comment
        if (file.language === 'python' && (p.name === 'self' || p.name === 'cls')) continue;
        if ((file.language === 'rust' && p.name === 'self') || !p.name) continue;
        expect(rendered, `${file.path} ${object.qualifiedName}`).toContain(p.name);
      }
      checked++;
    }
  }
  expect(checked).toBeGreaterThan(100);
});

test('derived docs read verbs from names and defaults from signatures', async () => {
  const index = await indexRepository([
    {
      path: 'a.go',
      content:
        'package a\n\nfunc GetUserName(id int, opts ...string) (string, error) {\n\treturn "", nil\n}\n',
    },
  ]);
  const fn = index.files[0]!.objects[0]!;
  const doc = generateDoc(fn);
  expect(doc.summary).toBe('Gets the user name.');
  expect(doc.parameters[1]?.description).toBe('The opts (any number).');
  expect(doc.returns?.type).toBe('(string, error)');
  expect(renderDocComment('go', fn, doc).split('\n')[0]).toBe(
    '// GetUserName: Gets the user name.',
  );
});
