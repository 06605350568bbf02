import type { ObjectStatus } from '@codedocs/contract';
import type { DocState } from '../../repositories/docs-repository';

/**
 * An object's documentation status against the code it has at some commit: no filled field is
 * undocumented; every filled field written against exactly this code is documented; anything
 * else (a field written against older or other code) is stale.
 */
export function statusOf(codeHash: string, state: DocState | undefined): ObjectStatus {
  if (!state || state.filled === 0) return 'undocumented';
  return state.nulls === 0 && state.lo === codeHash && state.hi === codeHash
    ? 'documented'
    : 'stale';
}

/** The object's page on its forge: the file's page with a line-range anchor, or null. */
export function objectWebUrl(fileUrl: string | null, start: number, end: number): string | null {
  if (fileUrl === null) return null;
  if (fileUrl.includes('/-/blob/')) return `${fileUrl}#L${start}-${end}`;
  if (fileUrl.startsWith('https://bitbucket.org/')) return `${fileUrl}#lines-${start}:${end}`;
  return `${fileUrl}#L${start}-L${end}`;
}
