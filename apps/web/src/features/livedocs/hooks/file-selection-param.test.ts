import { describe, expect, it } from 'vitest';
import {
  ALL_FILES,
  SELECTION_PARAM_MAX_FILES,
  decodeFileSelection,
  encodeFileSelection,
} from './file-selection-param';

const id = (n: number) => n.toString(16).padStart(4, '0').padEnd(64, 'a');
const ids = Array.from({ length: 5 }, (_, n) => id(n));

describe('the file selection in the URL (issue 14.5: a reload keeps it)', () => {
  it('writes 12-character id prefixes and reads them back in order', () => {
    const value = encodeFileSelection([ids[3]!, ids[1]!], ids);
    expect(value).toBe(`${ids[3]!.slice(0, 12)},${ids[1]!.slice(0, 12)}`);
    expect(decodeFileSelection(value, ids)).toEqual([ids[3], ids[1]]);
  });

  it('says "*" for every file, and no parameter for none', () => {
    expect(encodeFileSelection(ids, ids)).toBe(ALL_FILES);
    expect(decodeFileSelection(ALL_FILES, ids)).toEqual(ids);
    expect(encodeFileSelection([], ids)).toBeNull();
    expect(decodeFileSelection(null, ids)).toEqual([]);
  });

  it('drops names no file of this commit has (another commit, a hand-edited link)', () => {
    expect(decodeFileSelection(`${ids[0]!.slice(0, 12)},bbbbbbbbbbbb,,`, ids)).toEqual([ids[0]]);
  });

  it('leaves out selections too long for a URL (but not "all")', () => {
    const many = Array.from({ length: SELECTION_PARAM_MAX_FILES + 2 }, (_, n) => id(n));
    expect(encodeFileSelection(many.slice(1), many)).toBeNull();
    expect(encodeFileSelection(many, many)).toBe(ALL_FILES);
  });
});
