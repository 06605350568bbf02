import { describe, expect, it } from 'vitest';
import { isKnownSymbol, removeUnknownSymbols, symbolsIn } from './symbols';

const known = new Set([
  'parseConfig',
  'Config',
  'Config.load',
  'load',
  'save',
  'app.store.Cache.get',
  'Cache',
]);
const parameters = new Set(['path', 'options']);
const check = (text: string) => removeUnknownSymbols(text, known, parameters);

describe('symbolsIn', () => {
  it('finds code spans, calls and dotted names', () => {
    expect(symbolsIn('Calls `parseConfig()` then Config.load and readFile(path).')).toEqual([
      'parseConfig',
      'Config.load',
      'readFile',
    ]);
    expect(symbolsIn('Uses `Foo.bar`, `baz` and `Store::open`.')).toEqual([
      'Foo.bar',
      'baz',
      'Store::open',
    ]);
  });

  it('reads the reference and the calls inside a code span', () => {
    expect(symbolsIn('Builds `new Cache(size)`.')).toEqual(['Cache']);
    expect(symbolsIn('Returns `Promise<Config>`.')).toEqual(['Promise']);
    expect(symbolsIn('Equals `wrap(inner(x)) + 1`.')).toEqual(['wrap', 'inner']);
    expect(symbolsIn('Holds when `count > 0`.')).toEqual([]);
  });

  it('takes a dotted call as one name', () => {
    expect(symbolsIn('Then Config.save(x) runs.')).toEqual(['Config.save']);
  });

  it('does not take plain words, plurals, abbreviations, file names or addresses', () => {
    expect(symbolsIn('Reads the file and returns it (or nothing).')).toEqual([]);
    expect(symbolsIn('Takes the value(s) to merge, e.g. two objects, i.e. maps, etc.')).toEqual([]);
    expect(symbolsIn('Reads package.json and `tsconfig.json`.')).toEqual([]);
    expect(symbolsIn('See https://example.com/docs.html or mail dev@example.org.')).toEqual([]);
    expect(symbolsIn('Passes `"utf8"`, `42` and `--force`.')).toEqual([]);
  });
});

describe('isKnownSymbol', () => {
  it('knows repository names, qualified names and their dotted tails', () => {
    expect(isKnownSymbol('Config.load', known)).toBe(true);
    expect(isKnownSymbol('Cache.get', known)).toBe(true);
    expect(isKnownSymbol('store.Cache.get', known)).toBe(true);
    expect(isKnownSymbol('Config::load', known)).toBe(true);
    expect(isKnownSymbol('Cache.put', known)).toBe(false);
    // both parts exist, but not as one name
    expect(isKnownSymbol('Config.save', known)).toBe(false);
  });

  it('knows parameters and their members, language words and built-in namespaces', () => {
    expect(isKnownSymbol('path', known, parameters)).toBe(true);
    expect(isKnownSymbol('options.timeout', known, parameters)).toBe(true);
    expect(isKnownSymbol('path', known)).toBe(false);
    for (const word of ['string', 'None', 'True', 'self', 'void', 'Promise', 'dict', 'Error']) {
      expect(isKnownSymbol(word, known), word).toBe(true);
    }
    expect(isKnownSymbol('Math.max', known)).toBe(true);
    expect(isKnownSymbol('console.warn', known)).toBe(true);
  });

  it('resolves this./self. against the object names', () => {
    expect(isKnownSymbol('this.save', known)).toBe(true);
    expect(isKnownSymbol('self.load', known)).toBe(true);
    expect(isKnownSymbol('this.flush', known)).toBe(false);
  });
});

describe('removeUnknownSymbols', () => {
  it('keeps a text that names only known symbols, parameters and language words', () => {
    const text =
      'Parses `path` with `parseConfig()`. Returns a `Promise` of `Config`, or `null`. Reads options.strict.';
    expect(check(text)).toBe(text);
  });

  it('drops each sentence that names an unknown symbol and keeps the others', () => {
    expect(
      check('Loads it with `Config.load`. It then calls `validateSchema()` on it. Returns it.'),
    ).toBe('Loads it with `Config.load`. Returns it.');
    expect(check('Reads the file! Is it cached by CacheStore.lookup? Yes.')).toBe(
      'Reads the file! Yes.',
    );
  });

  it('catches all three forms: code span, call and dotted name', () => {
    expect(check('Uses `helper`.')).toBe('');
    expect(check('Uses fetchRemote(path) to read.')).toBe('');
    expect(check('See Config.store for writing.')).toBe('');
  });

  it('answers the empty string when nothing is left', () => {
    expect(check('Calls `a`. Calls `b`.')).toBe('');
    expect(check('   ')).toBe('');
  });

  it('does not split sentences at e.g. or inside dotted names', () => {
    expect(check('Merges maps, e.g. `Config` and `Cache`. Calls `nope`.')).toBe(
      'Merges maps, e.g. `Config` and `Cache`.',
    );
  });

  it('keeps paragraphs and list structure, dropping emptied list items whole', () => {
    expect(
      check('Intro.\n\n- Calls `load`.\n- Calls `explode`.\n1. Calls `ghost()`.\n- Done.'),
    ).toBe('Intro.\n\n- Calls `load`.\n- Done.');
  });

  it('drops fenced code blocks: the model writes prose only', () => {
    expect(check('Loads it.\n```ts\nconst x = invented();\n```\nThen saves it.')).toBe(
      'Loads it.\n\nThen saves it.',
    );
  });

  it('is case-sensitive: a known `Config` is not a known `config`', () => {
    expect(check('Returns `config`.')).toBe('');
  });
});
