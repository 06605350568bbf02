import { describe, expect, it } from 'vitest';
import { rovingIndex } from './roving-index';

describe('rovingIndex', () => {
  it('steps and wraps with the arrows, jumps with Home and End, ignores other keys', () => {
    expect(rovingIndex('ArrowRight', 3, 4)).toBe(0);
    expect(rovingIndex('ArrowLeft', 0, 4)).toBe(3);
    expect(rovingIndex('Home', 2, 4)).toBe(0);
    expect(rovingIndex('End', 0, 4)).toBe(3);
    expect(rovingIndex('Enter', 1, 4)).toBeNull();
  });

  it('takes Up and Down only in a vertical-capable row', () => {
    expect(rovingIndex('ArrowDown', 1, 2)).toBeNull();
    expect(rovingIndex('ArrowDown', 1, 2, { vertical: true })).toBe(0);
    expect(rovingIndex('ArrowUp', 0, 2, { vertical: true })).toBe(1);
  });
});
