import { describe, expect, it } from 'vitest';
import { presetRange, rangeFromParams, rangeProblem } from './date-range';

const now = new Date('2026-03-10T15:00:00Z');

describe('date ranges', () => {
  it('counts presets back from today, by week past 90 days', () => {
    expect(presetRange(7, now)).toEqual({ from: '2026-03-04', to: '2026-03-10', bucket: 'day' });
    expect(presetRange(365, now)).toMatchObject({ from: '2025-03-11', bucket: 'week' });
  });

  it('reads the range from the URL, falling back to the last 30 days', () => {
    const params = (query: string) => new URLSearchParams(query);
    expect(rangeFromParams(params('from=2026-01-01&to=2026-01-31&bucket=week'), now)).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
      bucket: 'week',
    });
    expect(rangeFromParams(params('from=2026-02-01&to=2026-01-01'), now)).toEqual(
      presetRange(30, now),
    );
    expect(rangeFromParams(params('bucket=week'), now)).toMatchObject({
      from: '2026-02-09',
      bucket: 'week',
    });
  });

  it('says why a range cannot be asked for', () => {
    expect(rangeProblem({ from: '', to: '2026-01-01' })).toBe('Choose a start and an end date.');
    expect(rangeProblem({ from: '2026-02-01', to: '2026-01-01' })).toMatch(/after/);
    expect(rangeProblem({ from: '2020-01-01', to: '2026-01-01' })).toMatch(/at most 732 days/);
    expect(rangeProblem({ from: '2026-01-01', to: '2026-01-01' })).toBeNull();
  });
});
