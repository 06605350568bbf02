import { describe, expect, it } from 'vitest';
import { queryRetryDelay } from '@codedocs/contract';
import { createQueryClient } from './query-client';

describe('query client', () => {
  it('keeps unused data for 5 minutes and retries 3 times', () => {
    const defaults = createQueryClient().getDefaultOptions().queries;
    expect(defaults?.gcTime).toBe(5 * 60 * 1000);
    expect(defaults?.retry).toBe(3);
    expect(defaults?.retryDelay).toBe(queryRetryDelay);
  });

  it('backs off exponentially, capped at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(queryRetryDelay)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
  });
});
