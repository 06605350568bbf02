import { describe, expect, test } from 'vitest';
import { CONVERTERS } from '../convert/dispatch.ts';
import { detectLanguage, looksBinary, shebangInterpreter } from './detect.ts';
import { LANGUAGES } from './registry.ts';

describe('language detection', () => {
  test('picks the language from the extension, case-insensitively', () => {
    expect(detectLanguage('src/a.ts')?.id).toBe('typescript');
    expect(detectLanguage('src/a.d.ts')?.id).toBe('typescript');
    expect(detectLanguage('App.TSX')?.id).toBe('tsx');
    expect(detectLanguage('x/y.jsx')?.id).toBe('javascript');
    expect(detectLanguage('lib.rs')?.id).toBe('rust');
    expect(detectLanguage('a.h')?.id).toBe('c');
    expect(detectLanguage('a.hpp')?.id).toBe('cpp');
  });

  test('knows file names without extensions', () => {
    expect(detectLanguage('Rakefile')?.id).toBe('ruby');
    expect(detectLanguage('home/.bashrc')?.id).toBe('bash');
  });

  test('reads the shebang of extension-less scripts', () => {
    expect(detectLanguage('bin/tool', '#!/usr/bin/env python3')?.id).toBe('python');
    expect(detectLanguage('bin/tool', '#!/usr/bin/env -S node --no-warnings')?.id).toBe(
      'javascript',
    );
    expect(detectLanguage('bin/tool', '#!/bin/bash -e')?.id).toBe('bash');
    expect(shebangInterpreter('#!/usr/bin/python3.11')).toBe('python3');
    expect(detectLanguage('bin/tool', 'echo hi')).toBeUndefined();
  });

  test('leaves unknown files unparsed and spots binary content', () => {
    expect(detectLanguage('README.md')).toBeUndefined();
    expect(looksBinary(new Uint8Array([0x89, 0x50, 0x00, 0x47]))).toBe(true);
    expect(looksBinary(new TextEncoder().encode('plain text'))).toBe(false);
  });

  test('every registry language has a converter in the dispatch table', () => {
    for (const spec of LANGUAGES) expect(CONVERTERS[spec.id], spec.id).toBeTypeOf('function');
  });
});
