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
 * bytes, and nested ranges (a module, its classes, their methods) are not normalised over and
 * over. Exact, because normalizeCode only looks at each whitespace run's two neighbours: inside a
 * range they are the source's own, and where pieces meet the run is joined by the same rule.
 * Both the normal form and the joins are wasm/normalize.c's (`normalize`, `join`), in its memory:
 * JavaScript hands it the range and the holes' texts and hashes the bytes it answers. The normal
 * form lives in a region of that memory shared from file to file (`slot`: see NormalSlot);
 * hashers of one slot used in turn stay exact, each normalising again when another used the slot
 * in between.
 */
export function createCodeHasher(
  source: string,
  slot = 0,
  masked?: Int32Array,
): (start: number, end: number, holes?: readonly CodeHole[]) => string {
  const self = {};
  // the text hashed when the bytes cannot be (see below), blanked where masked: made on demand
  let text: string | undefined = masked ? undefined : source;
  const textOf = (): string => (text ??= maskedText(source, masked!));
  // a masked range that splits a surrogate pair (never one from a tree) is blanked in the string
  // and the string normalised, as the bytes would otherwise not say what it holds
  let ranges = masked;
  if (ranges && splitsPair(source, ranges)) {
    source = textOf();
    ranges = undefined;
  }
  return (start, end, holes = NO_HOLES) => {
    // offsets in the normal form live in 29 bits (wasm/normalize.c): a larger source (far past
    // the engine's default file limit) is hashed from the string
    if (3 * source.length >= MAX_NORMAL_BYTES)
      return codeHash(withHoles(textOf(), start, end, holes));
    const n = normalizer ?? loadNormalizer();
    const region = (normalSlots[slot] ??= newSlot());
    if (region.owner !== self) {
      normalizeInto(n, source, region, ranges);
      region.owner = self;
    }
    // the holes as quads (from, to, text offset, text bytes) and their texts as UTF-8; the
    // longest text sizes the scratch its normal form is taken in
    let textBytes = 0;
    for (const hole of holes) textBytes += 3 * hole.text.length;
    const quads = reserve(n, scratch.holes, 16 * holes.length);
    const texts = reserve(n, scratch.texts, textBytes);
    let longest = 0;
    let offset = 0;
    const ints = new Int32Array(n.memory.buffer, quads, 4 * holes.length);
    const bytes = new Uint8Array(n.memory.buffer);
    for (let i = 0; i < holes.length; i++) {
      const hole = holes[i]!;
      const { written } = encoder.encodeInto(
        hole.text,
        bytes.subarray(texts + offset, texts + offset + 3 * hole.text.length),
      );
      ints[4 * i] = hole.from;
      ints[4 * i + 1] = hole.to;
      ints[4 * i + 2] = offset;
      ints[4 * i + 3] = written;
      offset += written;
      if (written > longest) longest = written;
    }
    const dest = reserve(n, scratch.dest, region.normalLength + offset + holes.length + 1);
    const textOut = reserve(n, scratch.textOut, longest);
    const textAt = reserve(n, scratch.textAt, 4 * (longest + 1));
    const length = n.join(
      region.normal,
      region.at,
      start,
      end,
      quads,
      holes.length,
      texts,
      dest,
      textOut,
      textAt,
    );
    // a piece starts or ends with half of a surrogate pair (or U+FFFD, which may stand for a
    // lone one): the bytes encode a half on its own as U+FFFD, the string only when it stays
    // apart from the other half, which a cut range or a join may change, so such a hash is taken
    // from the string (real ranges never cut a pair)
    if (length < 0) return codeHash(withHoles(textOf(), start, end, holes));
    return sha1(new Uint8Array(n.memory.buffer, dest, length)).slice(0, 20);
  };
}

const NO_HOLES: readonly CodeHole[] = [];

/** A UTF-16 surrogate's second half. */
const isLowSurrogate = (c: number): boolean => c >= 0xdc00 && c <= 0xdfff;

/** Whether a range of `ranges` starts or ends between the two halves of a surrogate pair. */
function splitsPair(source: string, ranges: Int32Array): boolean {
  for (const offset of ranges) if (isLowSurrogate(source.charCodeAt(offset))) return true;
  return false;
}

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

/** Normal forms up to this many bytes are taken in WebAssembly (see createCodeHasher). */
const MAX_NORMAL_BYTES = 2 ** 29;

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

/** wasm/normalize.c's exports. */
interface Normalizer {
  memory: WasmMemory;
  normalize(
    input: number,
    length: number,
    output: number,
    at: number,
    masked: number,
    maskedCount: number,
  ): number;
  join(
    normal: number,
    at: number,
    start: number,
    end: number,
    holes: number,
    holeCount: number,
    texts: number,
    dest: number,
    textOut: number,
    textAt: number,
  ): number;
  __heap_base: { value: number };
}
let normalizer: Normalizer | undefined;
const encoder = new TextEncoder();

function loadNormalizer(): Normalizer {
  normalizer = new wasm.Instance(new wasm.Module(Buffer.from(NORMALIZE_WASM, 'base64')), {})
    .exports as Normalizer;
  top = align(normalizer.__heap_base.value);
  return normalizer;
}

/** A region of the normaliser's memory: where it starts and how many bytes it holds. */
interface Region {
  address: number;
  capacity: number;
}

/** The first free address of the normaliser's memory (regions are never given back). */
let top = 0;

/**
 * The address of `region`, moved to a larger place at the end of the memory when it holds fewer
 * than `bytes` (twice what was asked, so a run of growing files moves it a few times only).
 */
function reserve(n: Normalizer, region: Region, bytes: number): number {
  if (region.capacity >= bytes) return region.address;
  const capacity = Math.max(bytes, 2 * region.capacity, 256);
  region.address = top;
  region.capacity = capacity;
  top = align(top + capacity);
  if (top > n.memory.buffer.byteLength)
    n.memory.grow(Math.ceil((top - n.memory.buffer.byteLength) / 65536));
  return region.address;
}

/** The scratch regions of a join (see createCodeHasher). */
const scratch = {
  holes: { address: 0, capacity: 0 },
  texts: { address: 0, capacity: 0 },
  dest: { address: 0, capacity: 0 },
  textOut: { address: 0, capacity: 0 },
  textAt: { address: 0, capacity: 0 },
  masked: { address: 0, capacity: 0 },
};

/**
 * Where a normal form is kept, reused from file to file: fresh memory per file (10 bytes per
 * character) cost more in new pages and garbage collection than normalising itself. The last
 * hasher to normalise into a slot owns it; another hasher of the same slot normalises its own
 * source again when next asked. Slot 0 is a file's code hash, slot 1 the legacy hash taken beside
 * it (convert/context.ts), so indexing a file never normalises twice.
 */
interface NormalSlot {
  /** The source's UTF-8, then its normal form and `at` (see wasm/normalize.c). */
  input: Region;
  output: Region;
  atRegion: Region;
  normal: number;
  at: number;
  normalLength: number;
  owner: object | undefined;
}
function newSlot(): NormalSlot {
  return {
    input: { address: 0, capacity: 0 },
    output: { address: 0, capacity: 0 },
    atRegion: { address: 0, capacity: 0 },
    normal: 0,
    at: 0,
    normalLength: 0,
    owner: undefined,
  };
}
const normalSlots: NormalSlot[] = [];

/**
 * normalizeCode of the whole of `source` as UTF-8 (what hashing the string would encode: a lone
 * surrogate as U+FFFD), with where each UTF-16 unit's bytes start and the end, each with the
 * unit's class in its top bits: computed by wasm/normalize.c, a branch-free loop over the source's UTF-8, several times
 * faster than the same loop over the string here, into `slot`'s regions (grown as needed).
 */
function normalizeInto(
  n: Normalizer,
  source: string,
  slot: NormalSlot,
  masked: Int32Array | undefined,
): void {
  const units = source.length;
  const pairs = masked ? masked.length / 2 : 0;
  // the source's UTF-8 (at most 3 bytes per unit), the output (as long), `at`, the masked ranges
  const input = reserve(n, slot.input, 3 * units + 1);
  const output = reserve(n, slot.output, 3 * units + 1);
  const at = reserve(n, slot.atRegion, 4 * (units + 1));
  const ranges = reserve(n, scratch.masked, 8 * pairs);
  if (masked) new Int32Array(n.memory.buffer, ranges, 2 * pairs).set(masked);
  const { written } = encoder.encodeInto(source, new Uint8Array(n.memory.buffer, input, 3 * units));
  slot.normalLength = n.normalize(input, written, output, at, ranges, pairs);
  slot.normal = output;
  slot.at = at;
}

const align = (address: number): number => (address + 7) & ~7;
