import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { JOB_DEFINITIONS } from './definitions/index';
import { defineJob, retryDelayMs } from './job-definition';
import { JobRegistry } from './registry';

const noop = async () => undefined;

describe('the job registry checked at start-up', () => {
  it('lists every kind without a handler and every malformed definition at once', () => {
    const registry = new JobRegistry().register(
      defineJob({
        kind: 'Bad Kind',
        payload: z.object({}),
        retry: { maxAttempts: 0, backoffBaseMs: 10, backoffCapMs: 5 },
        timeoutMs: 0,
      }),
      noop,
    );
    expect(() => registry.check(JOB_DEFINITIONS)).toThrow(
      'Invalid job registry: maintenance.purge-expired has no handler; repo.connect has no handler; repo.sync has no handler; repo.checkout has no handler; repo.index has no handler; livedocs.generate has no handler; site.build has no handler; export.build has no handler; Bad Kind is not a dotted lower-case name; Bad Kind: maxAttempts must be a positive integer; Bad Kind: backoff must satisfy 0 <= base <= cap; Bad Kind: timeoutMs must be positive',
    );
  });

  it('refuses a kind registered twice and an unknown kind', () => {
    const definition = defineJob({
      kind: 'test.twice',
      payload: z.object({}),
      retry: { maxAttempts: 1, backoffBaseMs: 0, backoffCapMs: 0 },
      timeoutMs: 1000,
    });
    const registry = new JobRegistry().register(definition, noop);
    expect(() => registry.register(definition, noop)).toThrow('registered twice');
    expect(() => registry.get('test.unknown')).toThrow('unknown job kind test.unknown');
  });
});

describe('retry backoff', () => {
  it('doubles from the base and stops at the cap, within 20 % jitter', () => {
    const policy = { maxAttempts: 10, backoffBaseMs: 1000, backoffCapMs: 5000 };
    const delays = [1, 2, 3, 4, 5].map((attempt) => retryDelayMs(policy, attempt));
    const expected = [1000, 2000, 4000, 5000, 5000];
    delays.forEach((delay, index) => {
      expect(delay).toBeGreaterThanOrEqual(expected[index]! * 0.8);
      expect(delay).toBeLessThanOrEqual(expected[index]! * 1.2);
    });
  });
});
