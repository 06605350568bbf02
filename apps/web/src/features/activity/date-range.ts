import { ACTIVITY_BUCKETS, ACTIVITY_RANGE_MAX_DAYS, type ActivityBucket } from '@codedocs/contract';

/** A metrics range: UTC dates `YYYY-MM-DD`, both included, and the bucket. */
export interface DateRange {
  from: string;
  to: string;
  bucket: ActivityBucket;
}

const DAY_MS = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The UTC date of a time. */
export const utcDate = (time: Date) => time.toISOString().slice(0, 10);

/** Days from one date to another (0 for the same day). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The last `days` days up to today, by day (weeks past 90 days). */
export function presetRange(days: number, now = new Date()): DateRange {
  const to = utcDate(now);
  const from = utcDate(new Date(now.getTime() - (days - 1) * DAY_MS));
  return { from, to, bucket: days > 90 ? 'week' : 'day' };
}

/** The presets the picker offers, by label. */
export const RANGE_PRESETS = [
  { label: '7 days', days: 7 },
  { label: '30 days', days: 30 },
  { label: '90 days', days: 90 },
  { label: '12 months', days: 365 },
] as const;

/** Why a range cannot be asked for, or null when it can. */
export function rangeProblem(range: Pick<DateRange, 'from' | 'to'>): string | null {
  const valid = (value: string) => DATE.test(value) && !Number.isNaN(Date.parse(value));
  if (!valid(range.from) || !valid(range.to)) return 'Choose a start and an end date.';
  if (range.from > range.to) return 'The start date is after the end date.';
  if (daysBetween(range.from, range.to) >= ACTIVITY_RANGE_MAX_DAYS) {
    return `Choose at most ${ACTIVITY_RANGE_MAX_DAYS} days.`;
  }
  return null;
}

/** The range the URL names (`?from=&to=&bucket=`), or the last 30 days when it names none. */
export function rangeFromParams(params: URLSearchParams, now = new Date()): DateRange {
  const fallback = presetRange(30, now);
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const bucketParam = params.get('bucket') ?? '';
  const bucket = (ACTIVITY_BUCKETS as readonly string[]).includes(bucketParam)
    ? (bucketParam as ActivityBucket)
    : null;
  if (rangeProblem({ from, to }) !== null) {
    return bucket ? { ...fallback, bucket } : fallback;
  }
  return { from, to, bucket: bucket ?? (daysBetween(from, to) > 90 ? 'week' : 'day') };
}
