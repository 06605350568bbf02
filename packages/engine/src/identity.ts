import { hash } from 'node:crypto';

/** SHA-1 in hex: the one-shot form, twice as fast as a Hash object for these short inputs. */
function sha1(data: string | Uint8Array): string {
  return hash('sha1', data, 'hex');
}

/**
 * The stable object id of DESIGN.md section 6: a hash of repository, file path, qualified name,
 * kind and overload index, so an object keeps its id (and its docs) while those hold. The
 * repository key scopes it: the same path and name in two repositories never share an id. It is
 * applied as a second hash over the unscoped id (`scopeObjectId`), so an id stored before
 * scoping can be re-keyed from the id alone (the server's migration 0007 does exactly that).
 */
export function objectId(
  repository: string,
  path: string,
  qualifiedName: string,
  kind: string,
  overloadIndex: number,
): string {
  const unscoped = sha1(`\0${path}\0${qualifiedName}\0${kind}\0${overloadIndex}`).slice(0, 20);
  return repository === '' ? unscoped : scopeObjectId(repository, unscoped);
}

/** An unscoped object id (indexed without a repository key) as the id within `repository`. */
export function scopeObjectId(repository: string, unscopedId: string): string {
  return sha1(`${repository}\0${unscopedId}`).slice(0, 20);
}

/**
 * Code with whitespace normalised away: runs collapse to one space, and spaces next to
 * punctuation vanish, so re-indenting or re-wrapping code leaves the result unchanged. (What
 * `code.replace(/\s+/g, ' ').replace(/ ?([^\w$ ]) ?/g, '$1').trim()` gives, in one pass: a
 * whitespace run stays one space only between two `[\w$]` characters.)
 */
export function normalizeCode(code: string): string {
  let first = 0;
  let last = code.length - 1;
  while (first <= last && isSpace(code.charCodeAt(first))) first++;
  while (last >= first && isSpace(code.charCodeAt(last))) last--;
  const parts: string[] = [];
  let copyFrom = first;
  for (let i = first; i <= last; i++) {
    if (!isSpace(code.charCodeAt(i))) continue;
    let j = i + 1;
    while (isSpace(code.charCodeAt(j))) j++;
    parts.push(code.slice(copyFrom, i));
    if (isWord(code.charCodeAt(i - 1)) && isWord(code.charCodeAt(j))) parts.push(' ');
    copyFrom = j;
    i = j - 1;
  }
  parts.push(code.slice(copyFrom, last + 1));
  return parts.join('');
}

/** The code hash that drives staleness: changes with the code, not with its whitespace. */
export function codeHash(code: string): string {
  return sha1(normalizeCode(code)).slice(0, 20);
}

/** Content hash of a whole file (git-independent, so the engine needs no blob ids). */
export function contentHash(content: Uint8Array | string): string {
  return sha1(content);
}

/** ECMAScript `\s`: the characters normalizeCode treats as whitespace. */
function isSpace(c: number): boolean {
  return (
    c === 32 ||
    (c >= 9 && c <= 13) ||
    (c >= 0xa0 &&
      (c === 0xa0 ||
        c === 0x1680 ||
        (c >= 0x2000 && c <= 0x200a) ||
        c === 0x2028 ||
        c === 0x2029 ||
        c === 0x202f ||
        c === 0x205f ||
        c === 0x3000 ||
        c === 0xfeff))
  );
}

/** `[\w$]`: a whitespace run between two of these stays one space, any other run vanishes. */
function isWord(c: number): boolean {
  return (
    (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 36
  );
}

/** A part of a hashed range that counts as other text (a nested object, as its signature). */
export interface CodeHole {
  from: number;
  to: number;
  text: string;
}

/**
 * codeHash over ranges of one source, each with holes counted as other text: the hash of
 * `source.slice(start, end)` with every hole `[from, to)` replaced by its `text` (holes sorted by
 * `from`; one starting inside the previous one is skipped), the source read with each `masked`
 * range ([start, end) pairs sorted by start: comments and docstrings) as whitespace. Nested
 * objects are holes of their containers, so each character is normalised about once per file.
 */
export function createCodeHasher(
  source: string,
  masked?: Int32Array,
): (start: number, end: number, holes?: readonly CodeHole[]) => string {
  // blanked where masked, made on first use
  let text: string | undefined = masked ? undefined : source;
  return (start, end, holes = NO_HOLES) =>
    codeHash(withHoles((text ??= maskedText(source, masked!)), start, end, holes));
}

const NO_HOLES: readonly CodeHole[] = [];

/**
 * `source` with each range of `ranges` ([start, end) pairs sorted by start) turned into spaces,
 * one per code unit, so every offset stays where it was; a range starting inside the last one
 * blanked is skipped.
 */
export function maskedText(source: string, ranges: Int32Array): string {
  const parts: string[] = [];
  let from = 0;
  for (let i = 0; i < ranges.length; i += 2) {
    const start = ranges[i]!;
    const end = ranges[i + 1]!;
    if (start < from) continue;
    parts.push(source.slice(from, start), ' '.repeat(end - start));
    from = end;
  }
  parts.push(source.slice(from));
  return parts.join('');
}

/** `source.slice(start, end)` with each hole replaced by its text (see createCodeHasher). */
export function withHoles(
  source: string,
  start: number,
  end: number,
  holes: readonly CodeHole[],
): string {
  let text = '';
  let position = start;
  for (const hole of holes) {
    if (hole.from < position) continue;
    text += source.slice(position, hole.from) + hole.text;
    position = hole.to;
  }
  return text + source.slice(position, end);
}
