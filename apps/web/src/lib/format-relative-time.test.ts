import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './format-relative-time';

const now = Date.parse('2026-11-22T12:00:00.000Z');

describe('formatRelativeTime', () => {
  it('says never without a value and keeps a value that is not a date', () => {
    expect(formatRelativeTime(null, now)).toBe('never');
    expect(formatRelativeTime('soon', now)).toBe('soon');
  });

  it('uses the largest whole unit', () => {
    expect(formatRelativeTime('2026-11-22T11:59:50.000Z', now)).toBe('just now');
    expect(formatRelativeTime('2026-11-22T09:00:00.000Z', now)).toMatch(/3 hours ago/);
    expect(formatRelativeTime('2026-11-20T12:00:00.000Z', now)).toMatch(/2 days ago/);
  });
});
