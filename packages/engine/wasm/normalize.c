// The whitespace normalisation of code hashes (src/identity.ts, normalizeCode) over a whole
// source at once, and the joins a hash with holes takes of it, built by
// scripts/build-own-wasm.mjs into src/normalize-wasm.ts.
//
// normalize: input, the source as UTF-8 (TextEncoder's encodeInto: a lone surrogate arrives as
// U+FFFD). Output: the normal form as UTF-8, and for each UTF-16 code unit of the source where its
// bytes start in that output (for whitespace: where its run's output starts; for the second half
// of a surrogate pair: past the pair), plus the end, so the normal form of any range is a slice.
// Each of those entries carries the unit's class in its top bits (whitespace, ASCII word
// character, half of a pair or U+FFFD), so a join needs no other table.
// The rule: a whitespace run (ECMAScript's \s) becomes one space between two of [A-Za-z0-9_$],
// and vanishes anywhere else, the ends included.
//
// join: the normal form of a range with holes, each hole counted as a text of its own (a nested
// object as its signature), exactly as createCodeHasher joined them in JavaScript before.
#include <stdint.h>

static inline int is_word(uint32_t c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '$';
}

static inline int is_space(uint32_t c) {
  if (c < 0x80) return c == ' ' || (c >= 9 && c <= 13);
  return c == 0xa0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200a) || c == 0x2028 ||
         c == 0x2029 || c == 0x202f || c == 0x205f || c == 0x3000 || c == 0xfeff;
}

// The code point at in[i] (valid UTF-8, as TextEncoder writes it) and its length in *size.
static inline uint32_t decode(const uint8_t *in, int i, int *size) {
  uint32_t b = in[i];
  if (b < 0x80) {
    *size = 1;
    return b;
  }
  if (b < 0xe0) {
    *size = 2;
    return ((b & 0x1f) << 6) | (in[i + 1] & 0x3f);
  }
  if (b < 0xf0) {
    *size = 3;
    return ((b & 0x0f) << 12) | ((in[i + 1] & 0x3f) << 6) | (in[i + 2] & 0x3f);
  }
  *size = 4;
  return ((b & 0x07) << 18) | ((in[i + 1] & 0x3f) << 12) | ((in[i + 2] & 0x3f) << 6) |
         (in[i + 3] & 0x3f);
}

// A unit's class, in the top three bits of its `at` entry (offsets stay below 2^29: the loader
// hashes larger sources from the string).
#define CLASS_SPACE 1
#define CLASS_WORD 2
// half of a surrogate pair, or U+FFFD (which may stand for a lone surrogate: the caller then
// asks JavaScript's own test, on the string)
#define CLASS_PAIR 4
#define CLASS_SHIFT 29
#define OFFSET_MASK ((1 << CLASS_SHIFT) - 1)

static inline int32_t offset_of(int32_t entry) { return entry & OFFSET_MASK; }
static inline uint32_t class_of(int32_t entry) { return (uint32_t)entry >> CLASS_SHIFT; }

// Per ASCII byte: its class (word or whitespace).
static uint8_t ascii_class[128];

static void fill_classes(void) {
  for (uint32_t c = 0; c < 128; c++)
    ascii_class[c] = is_word(c) ? CLASS_WORD : is_space(c) ? CLASS_SPACE : 0;
}


// Returns the output's length in bytes; `at` gets one entry per UTF-16 unit, and the end.
// `masked` holds `masked_count` ranges of units, [start, end) pairs sorted by start, read as
// whitespace (comments and docstrings: what src/convert/comment-mask.ts blanks out); a range
// starting before the end of the last one read is skipped, as the blanked string skips it.
__attribute__((export_name("normalize"))) int normalize(const uint8_t *in, int length, uint8_t *out,
                                                        int32_t *at, const int32_t *masked,
                                                        int masked_count) {
  if (ascii_class['a'] == 0) fill_classes();
  int o = 0;
  int unit = 0;
  // inside a whitespace run, and whether the last character written is a word character
  int pending = 0;
  int previous_word = 0;
  // the masked range being read or next, the next one in `masked`, where the last one read ends
  int32_t mask_start = -1;
  int32_t mask_end = -1;
  int next_mask = 0;
  int32_t masked_to = 0;
  int i = 0;
  while (i < length) {
    while (unit >= mask_end && next_mask < masked_count) {
      int32_t start = masked[2 * next_mask];
      int32_t end = masked[2 * next_mask + 1];
      next_mask++;
      if (start < masked_to) continue;
      mask_start = start;
      mask_end = end;
      masked_to = end;
    }
    uint32_t b = in[i];
    if (unit >= mask_start && unit < mask_end) {
      // a masked character is whitespace: both units of a pair (the caller sees to it that no
      // range splits one)
      int size = b < 0x80 ? 1 : b < 0xe0 ? 2 : b < 0xf0 ? 3 : 4;
      at[unit++] = o | (CLASS_SPACE << CLASS_SHIFT);
      if (size == 4) at[unit++] = o | (CLASS_SPACE << CLASS_SHIFT);
      pending = 1;
      i += size;
      continue;
    }
    if (b < 0x80 && !pending) {
      // a run of ASCII characters that are not whitespace, up to the next masked range: each
      // written as it is (no space can go before any of them: no run is pending)
      int stop = length;
      if (mask_start > unit && i + (mask_start - unit) < stop) stop = i + (mask_start - unit);
      int from = i;
      while (i < stop) {
        uint32_t c = in[i];
        if (c >= 0x80) break;
        uint32_t kind = ascii_class[c];
        if (kind == CLASS_SPACE) break;
        at[unit++] = o | (int32_t)(kind << CLASS_SHIFT);
        out[o++] = (uint8_t)c;
        previous_word = kind == CLASS_WORD;
        i++;
      }
      if (i > from) continue;
    }
    if (b < 0x80 && ascii_class[b] == CLASS_SPACE) {
      // a run of ASCII whitespace, up to the next masked range: it waits (see below)
      int stop = length;
      if (mask_start > unit && i + (mask_start - unit) < stop) stop = i + (mask_start - unit);
      int32_t entry = o | (CLASS_SPACE << CLASS_SHIFT);
      while (i < stop && in[i] < 0x80 && ascii_class[in[i]] == CLASS_SPACE) {
        at[unit++] = entry;
        i++;
      }
      pending = 1;
      continue;
    }
    if (b < 0x80) {
      // without branches on the data: a space goes out only before a word character that ends
      // a run after a word character; the byte is written always and kept unless whitespace
      uint32_t kind = ascii_class[b];
      int space = kind == CLASS_SPACE;
      int word = kind == CLASS_WORD;
      out[o] = ' ';
      o += pending & previous_word & word;
      at[unit++] = o | (int32_t)(kind << CLASS_SHIFT);
      out[o] = (uint8_t)b;
      o += !space;
      previous_word = space ? previous_word : word;
      pending = space;
      i++;
      continue;
    }
    int size;
    uint32_t c = decode(in, i, &size);
    if (is_space(c)) {
      at[unit++] = o | (CLASS_SPACE << CLASS_SHIFT);
      pending = 1;
      i += size;
      continue;
    }
    // not a word character: a run before it vanishes
    at[unit++] = o | (size == 4 || c == 0xfffd ? CLASS_PAIR << CLASS_SHIFT : 0);
    for (int k = 0; k < size; k++) out[o++] = in[i + k];
    i += size;
    // a pair's second half: past the pair
    if (size == 4) at[unit++] = o | (CLASS_PAIR << CLASS_SHIFT);
    previous_word = 0;
    pending = 0;
  }
  at[unit] = o;
  return o;
}

// The join being built (see join).
typedef struct {
  uint8_t *dest;
  int length;
  // whitespace waits before the next piece; the last character written is a word character;
  // a piece starts or ends with half of a surrogate pair (the caller then hashes the string)
  int pending;
  int last_word;
  int cut_pair;
} Join;

static void append(Join *join, const uint8_t *piece, int length, int first_word, int leading) {
  if ((join->pending || leading) && join->last_word && first_word) join->dest[join->length++] = ' ';
  __builtin_memcpy(join->dest + join->length, piece, length);
  join->length += length;
}

// The range [start, end) of the source `normalize` wrote to normal/at.
static void add_range(Join *join, const uint8_t *normal, const int32_t *at, int start, int end) {
  int first = start;
  while (first < end && (class_of(at[first]) & CLASS_SPACE)) first++;
  if (first == end) {
    if (end > start) join->pending = 1;
    return;
  }
  int last = end - 1;
  while (class_of(at[last]) & CLASS_SPACE) last--;
  uint32_t first_class = class_of(at[first]);
  uint32_t last_class = class_of(at[last]);
  if ((first_class | last_class) & CLASS_PAIR) join->cut_pair = 1;
  int from = offset_of(at[first]);
  append(join, normal + from, offset_of(at[last + 1]) - from, first_class & CLASS_WORD,
         first > start);
  join->last_word = (last_class & CLASS_WORD) != 0;
  join->pending = last < end - 1;
}

// The code point ending at in[end - 1] (valid UTF-8).
static uint32_t decode_last(const uint8_t *in, int end) {
  int i = end - 1;
  while (i > 0 && (in[i] & 0xc0) == 0x80) i--;
  int size;
  return decode(in, i, &size);
}

static int pair_like(uint32_t c) { return c >= 0x10000 || c == 0xfffd; }

// A text (UTF-8, `length` bytes) in place of a hole, normalised on its own in `scratch` (room
// for `length` bytes) with `scratch_at` (`length` + 1 entries).
static void add_text(Join *join, const uint8_t *text, int length, uint8_t *scratch,
                     int32_t *scratch_at) {
  int normal = normalize(text, length, scratch, scratch_at, 0, 0);
  if (normal == 0) {
    if (length > 0) join->pending = 1;
    return;
  }
  int size;
  uint32_t first = decode(scratch, 0, &size);
  uint32_t last = decode_last(scratch, normal);
  if (pair_like(first) || pair_like(last)) join->cut_pair = 1;
  append(join, scratch, normal, first < 0x80 && is_word(first), is_space(decode(text, 0, &size)));
  join->last_word = last < 0x80 && is_word(last);
  join->pending = is_space(decode_last(text, length));
}

// The normal form of [start, end) of a normalised source (normal/at) with `hole_count` holes,
// int32 quads (from, to, the text's offset in `texts`, its length in bytes) sorted by `from` (a
// hole that starts inside the previous one is skipped), written to `dest`. Returns its length, or
// -1 when a piece starts or ends with half of a surrogate pair (the caller hashes the joined
// string). `scratch` and `scratch_at` have room for the longest text (see add_text).
__attribute__((export_name("join"))) int join(const uint8_t *normal, const int32_t *at, int start,
                                              int end, const int32_t *holes, int hole_count,
                                              const uint8_t *texts, uint8_t *dest,
                                              uint8_t *scratch, int32_t *scratch_at) {
  Join state = {dest, 0, 0, 0, 0};
  int position = start;
  for (int h = 0; h < hole_count; h++) {
    const int32_t *hole = holes + 4 * h;
    if (hole[0] < position) continue;
    add_range(&state, normal, at, position, hole[0]);
    add_text(&state, texts + hole[2], hole[3], scratch, scratch_at);
    position = hole[1];
  }
  add_range(&state, normal, at, position, end);
  return state.cut_pair ? -1 : state.length;
}
