import { describe, expect, it } from 'vitest';
import { fileExtension } from './file-limits';

describe('fileExtension (spec section 3: the part of file_name after its last dot)', () => {
  it.each([
    ['index.ts', 'ts'],
    ['archive.tar.gz', 'gz'],
    ['.bashrc', 'bashrc'],
    ['Makefile', ''],
    ['trailing.', ''],
  ])('%s → %j', (name, extension) => {
    expect(fileExtension(name)).toBe(extension);
  });
});
