import { SHARE_EXPIRY_MAX_SECONDS, type PrivateShareRequest } from '@codedocs/contract';

/** How long a private link lasts: a preset duration, or until the end of a chosen day. */
export const EXPIRY_CHOICES = ['1d', '7d', '30d', 'custom'] as const;
export type ExpiryChoice = (typeof EXPIRY_CHOICES)[number];

const DAY_SECONDS = 24 * 60 * 60;

/** The presets, sent as seconds from now. */
export const EXPIRY_PRESET_SECONDS: Record<Exclude<ExpiryChoice, 'custom'>, number> = {
  '1d': DAY_SECONDS,
  '7d': 7 * DAY_SECONDS,
  '30d': 30 * DAY_SECONDS,
};

export const EXPIRY_LABELS: Record<ExpiryChoice, string> = {
  '1d': '1 day',
  '7d': '7 days',
  '30d': '30 days',
  custom: 'Until a date…',
};

/** The expiry to send and when it falls, or why the choice cannot be sent. */
export type ExpiryResult =
  { expiry: PrivateShareRequest['expiry']; expiresAt: Date } | { error: string };

const pad = (n: number) => String(n).padStart(2, '0');

/** `yyyy-mm-dd` of a day in local time (the value of an `<input type="date">`). */
export function localDateString(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The days a chosen date may be: today up to 364 days on, so that the end of the last day
 * still lies within SHARE_EXPIRY_MAX_SECONDS (365 days) of now.
 */
export function customDateRange(now: Date): { min: string; max: string } {
  const last = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 364);
  return { min: localDateString(now), max: localDateString(last) };
}

/** The end (23:59:59 local time) of a `yyyy-mm-dd` day, or null when it is not a real day. */
function endOfDay(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const end = new Date(year, month, day, 23, 59, 59);
  return end.getFullYear() === year && end.getMonth() === month && end.getDate() === day
    ? end
    : null;
}

/**
 * The `expiry` of `POST …/share/private` for a choice: seconds for a preset, or the ISO-8601
 * time of the end of the chosen day, checked against the contract's limits (in the future, at
 * most 365 days away) so a mistake is named before anything is sent.
 */
export function shareExpiry(choice: ExpiryChoice, customDate: string, now: Date): ExpiryResult {
  if (choice !== 'custom') {
    const seconds = EXPIRY_PRESET_SECONDS[choice];
    return { expiry: seconds, expiresAt: new Date(now.getTime() + seconds * 1000) };
  }
  if (!customDate) return { error: 'Choose the day the link expires' };
  const end = endOfDay(customDate);
  if (!end) return { error: 'Enter a date as year, month and day' };
  if (end.getTime() <= now.getTime()) return { error: 'Choose today or a later day' };
  if (end.getTime() > now.getTime() + SHARE_EXPIRY_MAX_SECONDS * 1000) {
    return { error: 'A private link can last at most 365 days' };
  }
  return { expiry: end.toISOString(), expiresAt: end };
}
