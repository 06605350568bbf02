import { describe, expect, it } from 'vitest';
import type { LivedocsEstimateResponse } from '@codedocs/contract';
import { needsConfirmation, quotaRefusalMessage } from './use-generation';

const estimate = (toSpend: number, left: number | null): LivedocsEstimateResponse => ({
  repo_id: 'r',
  commit_id: 'c',
  objects: 100,
  to_spend: toSpend,
  used: 0,
  quota: left === null ? null : 2000,
  left,
});

describe('when a generation asks first (issue 14.4)', () => {
  it('asks when it would use more than half of what is left this month', () => {
    expect(needsConfirmation(estimate(51, 100))).toBe(true);
    expect(needsConfirmation(estimate(50, 100))).toBe(false);
    expect(needsConfirmation(estimate(1, 1))).toBe(true);
  });

  it('never asks for a free refresh or on an unlimited plan', () => {
    expect(needsConfirmation(estimate(0, 0))).toBe(false);
    expect(needsConfirmation(estimate(5000, null))).toBe(false);
  });

  it('refuses with the sentence the server would answer', () => {
    expect(quotaRefusalMessage(estimate(80, 50))).toBe(
      'Your plan documents up to 2000 objects a month and 50 are left this month; this needs 80. Choose fewer files or upgrade your plan.',
    );
  });
});
