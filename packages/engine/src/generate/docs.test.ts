import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { indexRepository } from '../index-repository.ts';
import { documentedParameters, generateDoc } from './docs.ts';
import { readFileFacts } from './facts.ts';
import { docFields } from './fields.ts';
import { fillerIn } from './filler.ts';
import { renderDocComment } from './render.ts';

const fixtures = join(import.meta.dirname, '../../test/fixtures');

test('in every fixture language: documented parameters are the signature’s minus receivers, and no field holds filler', async () => {
  const files = readdirSync(fixtures, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\/input\.[^/]+$/.test(f))
    .sort()
    .map((f) => ({ path: f.replace(/\.txt$/, ''), content: readFileSync(join(fixtures, f)) }));
  const sources = new Map(files.map((f) => [f.path, f.content.toString('utf8')]));
  const index = await indexRepository(files);
  let checked = 0;
  for (const file of index.files) {
    const facts = await readFileFacts(file, sources.get(file.path)!);
    for (const object of file.objects) {
      const doc = generateDoc(object, index.references, {
        facts: facts.get(object.id),
        sourceOf: (p) => sources.get(p),
        language: file.language ?? '',
        siblings: file.objects,
      });
      expect(doc.parameters.map((p) => p.name)).toEqual(
        documentedParameters(object).map((p) => p.name),
      );
      expect(doc.parameters.map((p) => p.name)).not.toContain('self');
      const fields = docFields(object, doc, { filePath: file.path, language: file.language ?? '' });
      for (const [id, value] of fields) {
        if (doc.fromComment.includes(id) || id === 'notes') continue;
        expect(fillerIn(value, object), `${file.path} ${object.qualifiedName} ${id}`).toEqual([]);
      }
      const rendered = renderDocComment(file.language ?? '', object, doc);
      for (const p of doc.parameters) expect(rendered, object.qualifiedName).toContain(p.name);
      checked++;
    }
  }
  expect(checked).toBeGreaterThan(100);
});

test('an undocumented Go function gets no name read back: only what its code shows', async () => {
  const source =
    'package a\n\nfunc GetUserName(id int, opts ...string) (string, error) {\n\tif id < 0 {\n\t\tpanic("negative id")\n\t}\n\treturn lookup(id), nil\n}\n';
  const index = await indexRepository([{ path: 'a.go', content: source }]);
  const file = index.files[0]!;
  const fn = file.objects[0]!;
  const facts = await readFileFacts(file, source);
  const doc = generateDoc(fn, [], { facts: facts.get(fn.id), language: 'go' });
  expect(doc.summary).toBe('');
  expect(doc.parameters).toEqual([
    { name: 'id', type: 'int', description: 'Compared with `0`; passed to `lookup`.' },
    { name: 'opts', type: 'string', description: 'Not used by the body.' },
  ]);
  expect(doc.throws).toEqual([{ type: 'panic', description: 'When `id < 0`' }]);
});
