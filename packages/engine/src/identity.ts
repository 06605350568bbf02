import { hash } from 'node:crypto';
import { NORMALIZE_WASM } from './normalize-wasm.ts';
import { type WasmMemory, wasm } from './wasm-api.ts';

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
 * `from`; one starting inside the previous one is skipped). The source is normalised once, into
 * UTF-8 bytes with where each character landed, so a range's normal form is a slice of those
 * bytes, hashed without building a string, and nested ranges (a module, its classes, their
 * methods) are not normalised over and over. Exact, because normalizeCode only looks at each
 * whitespace run's two neighbours: inside a range they are the source's own, and where pieces
 * meet the run is joined here by the same rule. The normal form lives in buffers shared from
 * file to file (`slot`: see NormalSlot); hashers of one slot used in turn stay exact, each
 * normalising again when another used the slot in between.
 */
export function createCodeHasher(
  source: string,
  slot = 0,
): (start: number, end: number, holes?: readonly CodeHole[]) => string {
  // the normal form, views of the slot's buffers while this hasher owns them (see NormalSlot)
  let bytes: Uint8Array = new Uint8Array(0);
  // at[i]: where character i's bytes start (for whitespace, where the run's output starts);
  // at[source.length]: the end
  let at: Int32Array = new Int32Array(0);
  const self = {};
  let out = new Uint8Array(64);
  let length = 0;
  // the piece being joined: whether whitespace waits before the next one, and the last
  // character written (NaN: none yet)
  let pendingSpace = false;
  let lastChar = NaN;
  // a piece starts or ends with half of a surrogate pair: the bytes encode a half on its own
  // (as U+FFFD), the string only when it stays apart from the other half, which a cut range or
  // a join may change, so such a hash is taken from the string (real ranges never cut a pair)
  let cutPair = false;

  const room = (extra: number): void => {
    if (length + extra <= out.length) return;
    const grown = new Uint8Array(Math.max(out.length * 2, length + extra));
    grown.set(out.subarray(0, length));
    out = grown;
  };
  const append = (piece: Uint8Array, firstChar: number, leadingSpace: boolean): void => {
    if ((pendingSpace || leadingSpace) && isWord(lastChar) && isWord(firstChar)) {
      room(1);
      out[length++] = 32;
    }
    room(piece.length);
    out.set(piece, length);
    length += piece.length;
  };
  const addRange = (start: number, end: number): void => {
    let first = start;
    while (first < end && isSpace(source.charCodeAt(first))) first++;
    if (first === end) {
      if (end > start) pendingSpace = true;
      return;
    }
    let last = end - 1;
    while (isSpace(source.charCodeAt(last))) last--;
    if (isSurrogate(source.charCodeAt(first)) || isSurrogate(source.charCodeAt(last)))
      cutPair = true;
    append(
      normalized().subarray(at[first]!, at[last + 1]!),
      source.charCodeAt(first),
      first > start,
    );
    lastChar = source.charCodeAt(last);
    pendingSpace = last < end - 1;
  };
  const addText = (text: string): void => {
    const normal = normalizeCode(text);
    if (normal === '') {
      if (text !== '') pendingSpace = true;
      return;
    }
    const firstChar = normal.charCodeAt(0);
    const endChar = normal.charCodeAt(normal.length - 1);
    if (isSurrogate(firstChar) || isSurrogate(endChar)) cutPair = true;
    append(Buffer.from(normal), firstChar, isSpace(text.charCodeAt(0)));
    lastChar = endChar;
    pendingSpace = isSpace(text.charCodeAt(text.length - 1));
  };
  const normalized = (): Uint8Array => {
    const buffers = (normalSlots[slot] ??= {
      bytes: new Uint8Array(0),
      at: new Int32Array(0),
      owner: undefined,
    });
    if (buffers.owner !== self) {
      [bytes, at] = normalizeToUtf8(source, buffers);
      buffers.owner = self;
    }
    return bytes;
  };

  return (start, end, holes) => {
    if (!holes || holes.length === 0) {
      let first = start;
      while (first < end && isSpace(source.charCodeAt(first))) first++;
      let last = end - 1;
      while (last >= first && isSpace(source.charCodeAt(last))) last--;
      if (first > last) return sha1('').slice(0, 20);
      if (isSurrogate(source.charCodeAt(first)) || isSurrogate(source.charCodeAt(last)))
        return codeHash(source.slice(first, last + 1));
      return sha1(normalized().subarray(at[first]!, at[last + 1]!)).slice(0, 20);
    }
    length = 0;
    pendingSpace = false;
    lastChar = NaN;
    cutPair = false;
    let position = start;
    for (const hole of holes) {
      if (hole.from < position) continue; // overlapping ranges (decorated forms): the first covers it
      addRange(position, hole.from);
      addText(hole.text);
      position = hole.to;
    }
    addRange(position, end);
    if (cutPair) return codeHash(withHoles(source, start, end, holes));
    return sha1(out.subarray(0, length)).slice(0, 20);
  };
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

/** A UTF-16 surrogate, either half. */
const isSurrogate = (c: number): boolean => c >= 0xd800 && c <= 0xdfff;

/** wasm/normalize.c's exports. */
interface Normalizer {
  memory: WasmMemory;
  normalize(input: number, length: number, output: number, at: number): number;
  __heap_base: { value: number };
}
let normalizer: Normalizer | undefined;
const encoder = new TextEncoder();

/**
 * Buffers a normal form is kept in, reused from file to file: a fresh pair per file (5 bytes per
 * character) cost more in new memory pages and garbage collection than normalising itself. The
 * last hasher to normalise into a slot owns it; another hasher of the same slot normalises its
 * own source again when next asked. Slot 0 is a file's code hash, slot 1 the legacy hash taken
 * beside it (convert/context.ts), so indexing a file never normalises twice.
 */
interface NormalSlot {
  bytes: Uint8Array;
  at: Int32Array;
  owner: object | undefined;
}
const normalSlots: NormalSlot[] = [];

/**
 * normalizeCode of the whole of `source` as UTF-8 (what hashing the string would encode: a lone
 * surrogate as U+FFFD), with where each UTF-16 unit's bytes start and the end (`at`): computed
 * by wasm/normalize.c, a branch-free loop over the source's UTF-8, several times faster than
 * the same loop over the string here. Returned as views of `slot`'s buffers (grown as needed).
 */
function normalizeToUtf8(source: string, slot: NormalSlot): [Uint8Array, Int32Array] {
  if (!normalizer) {
    normalizer = new wasm.Instance(new wasm.Module(Buffer.from(NORMALIZE_WASM, 'base64')), {})
      .exports as Normalizer;
  }
  const { memory } = normalizer;
  const n = source.length;
  // the source's UTF-8 (at most 3 bytes per unit), the output (as long), then `at`
  const input = align(normalizer.__heap_base.value);
  const output = align(input + 3 * n + 1);
  const at = align(output + 3 * n + 1);
  const needed = at + 4 * (n + 1);
  if (needed > memory.buffer.byteLength)
    memory.grow(Math.ceil((needed - memory.buffer.byteLength) / 65536));
  const { written } = encoder.encodeInto(source, new Uint8Array(memory.buffer, input, 3 * n));
  const length = normalizer.normalize(input, written, output, at);
  if (slot.bytes.length < length)
    slot.bytes = new Uint8Array(Math.max(length, 2 * slot.bytes.length));
  if (slot.at.length < n + 1) slot.at = new Int32Array(Math.max(n + 1, 2 * slot.at.length));
  slot.bytes.set(new Uint8Array(memory.buffer, output, length));
  slot.at.set(new Int32Array(memory.buffer, at, n + 1));
  return [slot.bytes.subarray(0, length), slot.at.subarray(0, n + 1)];
}

const align = (address: number): number => (address + 7) & ~7;
