import { describe, expect, it } from 'vitest';
import { removeUnknownSymbols, symbolsIn } from './symbols';

const known = new Set(['parseConfig', 'Config', 'Config.load', 'load', 'path']);

describe('symbols a doc names', () => {
  it('finds code spans, calls and dotted names, not plain words or abbreviations', () => {
    expect(
      symbolsIn('Calls `parseConfig()` then Config.load and readFile(path), e.g. once.'),
    ).toEqual(['parseConfig', 'Config.load', 'readFile']);
    expect(symbolsIn('Reads the file and returns it.')).toEqual([]);
  });
});

describe('removeUnknownSymbols', () => {
  it('keeps sentences that name only known symbols and language words', () => {
    const text = 'Parses `path` with `parseConfig`. Returns a `Promise` of `Config`.';
    expect(removeUnknownSymbols(text, known)).toBe(text);
  });

  it('drops the sentences that name invented symbols, keeps the rest', () => {
    expect(
      removeUnknownSymbols(
        'Loads the config with `Config.load`. It then calls `validateSchema()` on it. Returns it.',
        known,
      ),
    ).toBe('Loads the config with `Config.load`. Returns it.');
    expect(removeUnknownSymbols('Uses fetchRemote(url) to read.', known)).toBe('');
    expect(removeUnknownSymbols('See Config.save for writing.', known)).toBe('');
  });

  it('keeps line structure (lists) and drops only the bad items', () => {
    expect(removeUnknownSymbols('- Calls `load`.\n- Calls `explode`.\n- Done.', known)).toBe(
      '- Calls `load`.\n\n- Done.',
    );
  });
});
