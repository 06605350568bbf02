import { createHash } from 'node:crypto';

/**
 * The stable object id of DESIGN.md section 6: a hash of repository, file path, qualified name,
 * kind and overload index, so an object keeps its id (and its docs) while those hold.
 */
export function objectId(
  repository: string,
  path: string,
  qualifiedName: string,
  kind: string,
  overloadIndex: number,
): string {
  return createHash('sha1')
    .update(`${repository}\0${path}\0${qualifiedName}\0${kind}\0${overloadIndex}`)
    .digest('hex')
    .slice(0, 20);
}

/**
 * Code with whitespace normalised away: runs collapse to one space, and spaces next to
 * punctuation vanish, so re-indenting or re-wrapping code leaves the result unchanged.
 */
export function normalizeCode(code: string): string {
  return code
    .replace(/\s+/g, ' ')
    .replace(/ ?([^\w$ ]) ?/g, '$1')
    .trim();
}

/** The code hash that drives staleness: changes with the code, not with its whitespace. */
export function codeHash(code: string): string {
  return createHash('sha1').update(normalizeCode(code)).digest('hex').slice(0, 20);
}

/** Content hash of a whole file (git-independent, so the engine needs no blob ids). */
export function contentHash(content: Uint8Array | string): string {
  return createHash('sha1').update(content).digest('hex');
}
