import { describe, expect, it } from 'vitest';
import { apiBase, QUERY_RETRY_MAX_DELAY_MS, queryRetryDelay } from './constants';

describe('queryRetryDelay', () => {
  it('doubles from one second and stops at the 30 s cap', () => {
    expect([0, 1, 2, 3, 4].map(queryRetryDelay)).toEqual([1000, 2000, 4000, 8000, 16000]);
    expect(queryRetryDelay(5)).toBe(QUERY_RETRY_MAX_DELAY_MS);
    expect(queryRetryDelay(50)).toBe(30_000);
  });
});

describe('apiBase', () => {
  it('puts every version under /api', () => {
    expect(apiBase('v0')).toBe('/api/v0');
    expect(apiBase('v3')).toBe('/api/v3');
  });
});
