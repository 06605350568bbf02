import type { ObjectStatus } from '@codedocs/contract';

/**
 * How each documentation status reads on screen, and its badge colour (DESIGN.md section 10:
 * documented means a summary from the author, a person, or generated text a person accepted).
 */
export const STATUS_LABEL: Record<ObjectStatus, string> = {
  documented: 'documented',
  generated: 'generated only',
  stale: 'stale',
  undocumented: 'needs a writer',
};

export const STATUS_VARIANT = {
  documented: 'success',
  generated: 'secondary',
  stale: 'warning',
  undocumented: 'outline',
} as const satisfies Record<ObjectStatus, string>;

/** The statuses in the order lists and filters show them. */
export const STATUS_ORDER: readonly ObjectStatus[] = [
  'documented',
  'generated',
  'stale',
  'undocumented',
];

/** Counts of a repository's or file's objects by status. */
export interface StatusCounts {
  objects: number;
  documented: number;
  generated: number;
  stale: number;
  undocumented: number;
}

/** Documented objects as a whole percentage (null without objects). */
export function documentedPercent(counts: { objects: number; documented: number }): number | null {
  if (counts.objects === 0) return null;
  return Math.round((counts.documented / counts.objects) * 100);
}

/** "12 documented · 30 generated only · 2 stale · 56 need a writer" (zero counts left out). */
export function statusBreakdown(counts: StatusCounts): string {
  const parts: string[] = [];
  if (counts.documented) parts.push(`${counts.documented.toLocaleString()} documented`);
  if (counts.generated) parts.push(`${counts.generated.toLocaleString()} generated only`);
  if (counts.stale) parts.push(`${counts.stale.toLocaleString()} stale`);
  if (counts.undocumented)
    parts.push(
      `${counts.undocumented.toLocaleString()} ${counts.undocumented === 1 ? 'needs' : 'need'} a writer`,
    );
  return parts.join(' · ');
}
