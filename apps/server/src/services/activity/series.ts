import type { ActivityBucket } from '@codedocs/contract';

const DAY_MS = 86_400_000;

const toDate = (day: string) => Date.parse(`${day}T00:00:00Z`);
const toDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The buckets of a range: every day, or weeks starting on Monday (the first bucket starts at
 * `from` even mid-week, the last ends at `to`). `indexOf` finds the bucket of a day in the range.
 */
export class Buckets {
  readonly starts: string[] = [];
  /** The last day of each bucket. */
  readonly ends: string[] = [];
  private readonly index = new Map<string, number>();

  constructor(
    readonly from: string,
    readonly to: string,
    readonly bucket: ActivityBucket,
  ) {
    const last = toDate(to);
    for (let day = toDate(from); day <= last; day += DAY_MS) {
      const name = toDay(day);
      const monday = new Date(day).getUTCDay() === 1;
      if (this.starts.length === 0 || bucket === 'day' || monday) {
        if (this.starts.length > 0) this.ends.push(toDay(day - DAY_MS));
        this.starts.push(name);
      }
      this.index.set(name, this.starts.length - 1);
    }
    this.ends.push(to);
  }

  get length(): number {
    return this.starts.length;
  }

  /** The bucket holding `day`, or -1 outside the range. */
  indexOf(day: string): number {
    return this.index.get(day) ?? -1;
  }

  /** A series of zeros, one per bucket. */
  zeros(): number[] {
    return this.starts.map(() => 0);
  }
}
