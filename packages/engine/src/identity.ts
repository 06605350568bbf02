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
  return normalizeRange(code, first, last);
}

/**
 * normalizeCode of `source` from `first` to `last` (both non-whitespace, or an empty range).
 * With `at`, also where each character of the range landed: `at[i - first]` for a
 * non-whitespace character at `i`.
 */
function normalizeRange(source: string, first: number, last: number, at?: Int32Array): string {
  const parts: string[] = [];
  let out = 0;
  let copyFrom = first;
  for (let i = first; i <= last; i++) {
    if (!isSpace(source.charCodeAt(i))) {
      if (at) at[i - first] = out;
      out++;
      continue;
    }
    let j = i + 1;
    while (isSpace(source.charCodeAt(j))) j++;
    parts.push(source.slice(copyFrom, i));
    if (isWord(source.charCodeAt(i - 1)) && isWord(source.charCodeAt(j))) {
      parts.push(' ');
      out++;
    }
    copyFrom = j;
    i = j - 1;
  }
  parts.push(source.slice(copyFrom, last + 1));
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

/**
 * codeHash for ranges of one source, without normalising nested ranges over and over (a
 * module, its classes and their methods overlap): a range is normalised once, and a range
 * inside the last one normalised (objects arrive parent first) is a slice of that. Exact
 * because normalizeCode only looks at each whitespace run's two neighbours, and runs at a
 * range's ends are trimmed away.
 */
export function createCodeHasher(source: string): (start: number, end: number) => string {
  // the last normalised range [from, to] (both non-whitespace), its normal form, and where
  // each of its characters landed in that form
  let from = 0;
  let to = -1;
  let normalized = '';
  let at = new Int32Array(0);
  const normalize = (first: number, last: number): void => {
    from = first;
    to = last;
    at = new Int32Array(last - first + 1);
    normalized = normalizeRange(source, first, last, at);
  };
  return (start, end) => {
    let first = start;
    while (first < end && isSpace(source.charCodeAt(first))) first++;
    let last = end - 1;
    while (last >= first && isSpace(source.charCodeAt(last))) last--;
    let code = '';
    if (first <= last) {
      if (first < from || last > to) normalize(first, last);
      code = normalized.slice(at[first - from], at[last - from]! + 1);
    }
    return sha1(code).slice(0, 20);
  };
}
