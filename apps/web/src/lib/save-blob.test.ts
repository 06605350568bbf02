import { describe, expect, it } from 'vitest';
import { downloadFileName } from './save-blob';

describe('downloadFileName', () => {
  it('keeps letters, digits, spaces and parentheses, and replaces the rest', () => {
    expect(downloadFileName('API docs (selection)', 'zip')).toBe('API docs (selection).zip');
    expect(downloadFileName('Über/Docs: v2', 'zip')).toBe('Über-Docs- v2.zip');
    expect(downloadFileName('../../etc', 'zip')).toBe('etc.zip');
    expect(downloadFileName('///', 'zip')).toBe('download.zip');
  });
});
