// The whitespace normalisation of code hashes (src/identity.ts, normalizeCode) over a whole
// source at once, built by scripts/build-normalize.mjs into src/normalize-wasm.ts. Input: the
// source as UTF-8 (TextEncoder's encodeInto: a lone surrogate arrives as U+FFFD). Output: the
// normal form as UTF-8, and for each UTF-16 code unit of the source where its bytes start in
// that output (for whitespace: where its run's output starts; for the second half of a
// surrogate pair: past the pair), plus the end, so the normal form of any range is a slice.
// The rule: a whitespace run (ECMAScript's \s) becomes one space between two of [A-Za-z0-9_$],
// and vanishes anywhere else, the ends included.
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

// Per ASCII byte: 1 a word character, 2 whitespace, 0 anything else.
static uint8_t ascii_class[128];

static void fill_classes(void) {
  for (uint32_t c = 0; c < 128; c++) ascii_class[c] = is_word(c) ? 1 : is_space(c) ? 2 : 0;
}

// Returns the output's length in bytes; `at` gets one entry per UTF-16 unit, and the end.
__attribute__((export_name("normalize"))) int normalize(const uint8_t *in, int length, uint8_t *out,
                                                        int32_t *at) {
  if (ascii_class['a'] == 0) fill_classes();
  int o = 0;
  int unit = 0;
  // inside a whitespace run, and whether the last character written is a word character
  int pending = 0;
  int previous_word = 0;
  int i = 0;
  while (i < length) {
    uint32_t b = in[i];
    if (b < 0x80) {
      // without branches on the data: a space goes out only before a word character that ends
      // a run after a word character; the byte is written always and kept unless whitespace
      uint32_t kind = ascii_class[b];
      int space = kind == 2;
      int word = kind == 1;
      out[o] = ' ';
      o += pending & previous_word & word;
      at[unit++] = o;
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
      at[unit++] = o;
      pending = 1;
      i += size;
      continue;
    }
    // not a word character: a run before it vanishes
    at[unit++] = o;
    for (int k = 0; k < size; k++) out[o++] = in[i + k];
    i += size;
    if (size == 4) at[unit++] = o;  // a pair's second half: past the pair
    previous_word = 0;
    pending = 0;
  }
  at[unit] = o;
  return o;
}
