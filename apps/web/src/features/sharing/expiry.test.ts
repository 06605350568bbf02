import { describe, expect, it } from 'vitest';
import { SHARE_EXPIRY_MAX_SECONDS } from '@codedocs/contract';
import { customDateRange, localDateString, shareExpiry } from './expiry';

// 25 Nov 2026, 10:30 local time
const now = new Date(2026, 10, 25, 10, 30);

describe('shareExpiry', () => {
  it('sends the presets as seconds from now', () => {
    expect(shareExpiry('1d', '', now)).toEqual({
      expiry: 86_400,
      expiresAt: new Date(2026, 10, 26, 10, 30),
    });
    expect(shareExpiry('7d', '', now)).toMatchObject({ expiry: 7 * 86_400 });
    expect(shareExpiry('30d', '2020-01-01', now)).toMatchObject({ expiry: 30 * 86_400 });
  });

  it('sends a chosen day as the ISO time of its end, local time', () => {
    const result = shareExpiry('custom', '2026-12-24', now);
    const end = new Date(2026, 11, 24, 23, 59, 59);
    expect(result).toEqual({ expiry: end.toISOString(), expiresAt: end });
    // today still works until its end
    expect(shareExpiry('custom', '2026-11-25', now)).toMatchObject({
      expiresAt: new Date(2026, 10, 25, 23, 59, 59),
    });
  });

  it('names what is wrong with a chosen day before anything is sent', () => {
    expect(shareExpiry('custom', '', now)).toEqual({ error: 'Choose the day the link expires' });
    expect(shareExpiry('custom', '2026-02-30', now)).toEqual({
      error: 'Enter a date as year, month and day',
    });
    expect(shareExpiry('custom', '2026-11-24', now)).toEqual({
      error: 'Choose today or a later day',
    });
    expect(shareExpiry('custom', '2027-11-25', now)).toEqual({
      error: 'A private link can last at most 365 days',
    });
  });

  it('offers days from today to the last one whose end is within the contract limit', () => {
    const { min, max } = customDateRange(now);
    expect(min).toBe('2026-11-25');
    expect(max).toBe('2027-11-24');
    const last = shareExpiry('custom', max, now);
    expect('expiresAt' in last && last.expiresAt.getTime()).toBeLessThanOrEqual(
      now.getTime() + SHARE_EXPIRY_MAX_SECONDS * 1000,
    );
    expect(localDateString(new Date(2027, 0, 5))).toBe('2027-01-05');
  });
});
