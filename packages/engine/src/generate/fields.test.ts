import { expect, test } from 'vitest';
import { indexFile } from '../index-file.ts';
import { generateDoc } from './docs.ts';
import { docFields, templateFieldIds } from './fields.ts';

const source = `
export class Store {
  /** Creates a store. */
  constructor(private readonly path: string) {}

  /**
   * Reads one entry.
   * @param key the entry's key
   */
  async read(key: string, fallback = 0): Promise<number> {
    if (!key) throw new TypeError('no key');
    return fallback;
  }
}

export interface Entry { key: string }
`;

test('every template field gets a non-empty value and parameters match the signature', async () => {
  const file = await indexFile({ path: 'src/store.ts', content: source });
  expect(file.objects.map((o) => o.qualifiedName)).toEqual(
    expect.arrayContaining(['Store', 'Store.constructor', 'Store.read', 'Entry']),
  );
  for (const object of file.objects) {
    const fields = docFields(object, generateDoc(object), {
      filePath: file.path,
      language: 'typescript',
    });
    expect([...fields.keys()]).toEqual(templateFieldIds(object));
    for (const [id, value] of fields)
      expect(value.trim(), `${object.qualifiedName} ${id}`).not.toBe('');
  }
});

test('field texts follow the code: comment first, thrown errors, kinds that cannot return', async () => {
  const file = await indexFile({ path: 'src/store.ts', content: source });
  const byName = new Map(file.objects.map((o) => [o.qualifiedName, o]));
  const read = byName.get('Store.read')!;
  const fields = docFields(read, generateDoc(read), {
    filePath: file.path,
    language: 'typescript',
  });
  expect(fields.get('summary')).toBe('Reads one entry.');
  expect(fields.get('param:key')).toBe("the entry's key");
  expect(fields.get('param:fallback')).not.toBe('');
  expect(fields.get('throws')).toContain('`TypeError`');
  expect(fields.get('returns')).toContain('Promise<number>');
  expect(fields.get('example')).toBe('```typescript\ninstance.read(key, fallback)\n```');
  expect(fields.get('notes')).toContain('Defined in `src/store.ts`, lines 10–13.');
  const entry = byName.get('Entry')!;
  const entryFields = docFields(entry, generateDoc(entry), {
    filePath: file.path,
    language: 'typescript',
  });
  expect(entryFields.get('returns')).toBe('Not applicable to an interface.');
  expect(entryFields.get('description')).toBe('`Entry` is an exported interface.');
  const ctor = byName.get('Store.constructor')!;
  expect(
    docFields(ctor, generateDoc(ctor), { filePath: file.path, language: 'typescript' }).get(
      'returns',
    ),
  ).toBe('A new `Store` instance.');
});
