import type { ObjectStatus } from '@codedocs/contract';
import type { DocState } from '../../repositories/docs-repository';

/** Whether every filled field of the object was written against exactly this code. */
function writtenAgainst(codeHash: string, state: DocState): boolean {
  return state.nulls === 0 && state.lo === codeHash && state.hi === codeHash;
}

/**
 * An object's documentation status against the code it has at some commit — the one rule every
 * count follows (DESIGN.md section 10; `repositories/doc-status-sql.ts` states the same rule in
 * SQL for the counts made in the database):
 * - `stale`: a filled field was written against older or other code;
 * - `documented`: a summary a reader can use — the author's own (`authorSummary`: the doc
 *   comment has one), a person's edit, or a generated summary a person accepted;
 * - `generated`: generated text only, not accepted;
 * - `undocumented`: nothing (needs a writer).
 */
export function statusOf(
  codeHash: string,
  state: DocState | undefined,
  authorSummary: boolean,
): ObjectStatus {
  if (state && state.filled > 0 && !writtenAgainst(codeHash, state)) return 'stale';
  if (authorSummary || (state?.usable_summary ?? 0) > 0) return 'documented';
  return state && state.filled > 0 ? 'generated' : 'undocumented';
}

/**
 * Whether a generation has already run for this code: the object has stored fields (empty ones
 * count: the code gave nothing to say) and every filled one was written against this code. A
 * generation refreshes such an object without charging it to the monthly quota again
 * (generation.ts charges by the same test, `documentedAgainst`).
 */
export function docsMatchCode(codeHash: string, state: DocState | undefined): boolean {
  return (
    state !== undefined && state.rows > 0 && (state.filled === 0 || writtenAgainst(codeHash, state))
  );
}

/** Whether an engine object's own doc comment has a summary (what `author_summary` stores). */
export function hasAuthorSummary(object: { doc?: { summary?: string } | undefined }): boolean {
  return (object.doc?.summary ?? '').trim() !== '';
}

/** The object's page on its forge: the file's page with a line-range anchor, or null. */
export function objectWebUrl(fileUrl: string | null, start: number, end: number): string | null {
  if (fileUrl === null) return null;
  if (fileUrl.includes('/-/blob/')) return `${fileUrl}#L${start}-${end}`;
  if (fileUrl.startsWith('https://bitbucket.org/')) return `${fileUrl}#lines-${start}:${end}`;
  return `${fileUrl}#L${start}-L${end}`;
}
