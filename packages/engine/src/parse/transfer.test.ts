import { describe, expect, it } from 'vitest';
import { indexFile } from '../index-file.ts';
import { packFileIndex, unpackFileIndex } from './transfer.ts';

const source = `import { helper } from './helper';

export class Store {
  load(id: string): Item {
    return helper.fetch(id) ?? fallback(id);
  }
}

export function fallback(id: string): Item {
  return new Item(id);
}

console.log(fallback('x'), fallback('y'));
`;

describe('packed models between threads', () => {
  it('unpacks to exactly the model that was packed, optional fields and field order included', async () => {
    const file = await indexFile({ path: 'src/store.ts', content: source });
    // the fixture has sites with and without a qualifier and an enclosing object
    expect(file.sites.some((s) => s.qualifier !== undefined)).toBe(true);
    expect(file.sites.some((s) => s.qualifier === undefined)).toBe(true);
    expect(file.sites.some((s) => s.fromId === undefined)).toBe(true);
    expect(file.sites.some((s) => s.fromId !== undefined)).toBe(true);
    const packed = packFileIndex(file);
    expect(packed).not.toHaveProperty('sites');
    // sites on one line share their snippet: each distinct string is sent once
    const logLine = file.sites.filter((s) => s.line === 13);
    expect(logLine.length).toBeGreaterThan(1);
    expect(packed.packedSites!.strings.filter((s) => s.startsWith('console.log'))).toHaveLength(1);
    const unpacked = unpackFileIndex(structuredClone(packed));
    expect(unpacked).toEqual(file);
    expect(JSON.stringify(unpacked)).toBe(JSON.stringify(file));
  });

  it('passes a model that was never packed through unchanged', async () => {
    const file = await indexFile({ path: 'a.py', content: 'def f():\n    return g()\n' });
    expect(unpackFileIndex(file)).toBe(file);
  });

  it('round-trips a file with no sites', async () => {
    const file = await indexFile({ path: 'empty.ts', content: '' });
    expect(unpackFileIndex(packFileIndex(file))).toEqual(file);
  });
});
