// Extraction in WebAssembly: the walk of a converter over a flat tree (src/parse/flat-tree.ts,
// as wasm/tree-dump.c writes it), deciding which nodes are objects, sites and imports and
// building their strings, so that the per-node work of a file never runs in JavaScript. Built by
// scripts/build-own-wasm.mjs into src/convert/extract-wasm.ts; read by src/convert/extract.ts,
// which turns the records written here into the model (ids, docs and code hashes stay there).
//
// Every function here mirrors one of the JavaScript converter (src/convert/python.ts and the
// helpers of context.ts and nodes.ts it calls), statement for statement: the JavaScript
// converter is the specification, and src/convert/extract.test.ts compares the two models over
// every fixture. Strings follow JavaScript's semantics on UTF-16 code units: `\s` is
// ECMAScript's whitespace and line terminators, `trim` removes the same set.
#include <stdint.h>

// the character classes of code hashes' normal form (and ECMAScript's `\s`, is_space)
#define NORMALIZE_CLASSES_ONLY
#include "normalize.c"

#define NODE_INTS 10
#define FLAG_NAMED 1
#define ERROR_SYMBOL 65535

// ---------------------------------------------------------------------------------------------
// Memory: a bump allocator over the module's own memory, released per file by the caller.

extern unsigned char __heap_base;
static uint32_t top;
// set when an allocation fails: the caller then converts the file in JavaScript
static int failed;

static uint32_t heap_top(void) {
  if (!top) top = (uint32_t)(uintptr_t)&__heap_base;
  return top;
}

__attribute__((export_name("alloc"))) void *alloc(uint32_t bytes) {
  uint32_t at = (heap_top() + 7u) & ~7u;
  uint32_t end = at + bytes;
  if (end < at) {
    failed = 1;
    return 0;
  }
  uint32_t have = (uint32_t)__builtin_wasm_memory_size(0) * 65536u;
  if (end > have) {
    uint32_t pages = (end - have + 65535u) / 65536u;
    if (__builtin_wasm_memory_grow(0, pages) == (uint32_t)-1) {
      failed = 1;
      return 0;
    }
  }
  top = end;
  return (void *)(uintptr_t)at;
}

/** Where the next allocation starts: release(mark()) frees everything allocated since. */
__attribute__((export_name("mark"))) uint32_t mark(void) { return heap_top(); }

__attribute__((export_name("release"))) void release(uint32_t at) {
  top = at;
  failed = 0;
}

/**
 * Room for one more element in a growing array of `width`-byte elements: a block twice the size
 * when full (a new block each time: the allocator frees only per file). False when memory ran out.
 */
static int room(void **data, uint32_t size, uint32_t *capacity, uint32_t width, uint32_t first) {
  if (size < *capacity) return 1;
  uint32_t grown = *capacity ? *capacity * 2 : first;
  void *block = alloc(grown * width);
  if (!block) return 0;
  if (size) __builtin_memcpy(block, *data, size * width);
  *data = block;
  *capacity = grown;
  return 1;
}

/** A growing array of int32. */
typedef struct {
  int32_t *data;
  uint32_t size;
  uint32_t capacity;
} Ints;

static void push(Ints *ints, int32_t value) {
  if (room((void **)&ints->data, ints->size, &ints->capacity, 4, 1024))
    ints->data[ints->size++] = value;
}

/** A growing array of UTF-16 code units (the strings built here). */
typedef struct {
  uint16_t *data;
  uint32_t size;
  uint32_t capacity;
} Units;

static void push_unit(Units *units, uint16_t unit) {
  if (room((void **)&units->data, units->size, &units->capacity, 2, 4096))
    units->data[units->size++] = unit;
}

// ---------------------------------------------------------------------------------------------
// The tree, as the caller lays it out (src/convert/extract.ts writes the same slots).

typedef struct {
  const int32_t *nodes;
  const int32_t *fields;
  const int32_t *end;
  const int32_t *fields_at;
  int32_t count;
  const uint16_t *source;
  int32_t source_length;
  // per symbol, the converter's code for its type name (0: a type it does not name), and 0x80
  // for a type named `…comment`
  const uint8_t *types;
  // per field code of the converter, the grammar's field id (0: none)
  const int32_t *field_ids;
} Tree;

static inline int32_t slot(const Tree *t, int32_t node, int32_t offset) {
  return t->nodes[node * NODE_INTS + offset];
}
// (the table's top bit marks the types whose name ends in `comment`: see comment_like)
static inline int code(const Tree *t, int32_t node) {
  return t->types[slot(t, node, 0) & 0xffff] & 0x7f;
}
static inline int comment_like(const Tree *t, int32_t node) {
  return t->types[slot(t, node, 0) & 0xffff] & 0x80;
}
static inline int named(const Tree *t, int32_t node) { return slot(t, node, 1) & FLAG_NAMED; }
static inline int32_t start_of(const Tree *t, int32_t node) { return slot(t, node, 2); }
static inline int32_t end_of(const Tree *t, int32_t node) { return slot(t, node, 3); }
static inline int32_t start_row(const Tree *t, int32_t node) { return slot(t, node, 4); }
static inline int32_t start_column(const Tree *t, int32_t node) { return slot(t, node, 5); }
static inline int32_t parent_of(const Tree *t, int32_t node) { return slot(t, node, 8); }
static inline int32_t field_of(const Tree *t, int32_t node) {
  return (int32_t)((uint32_t)slot(t, node, 0) >> 16);
}

/** FlatTree.fieldChild: the child `childForFieldName` gives for field `code`, or -1. */
static int32_t field_child(const Tree *t, int32_t node, int field) {
  int32_t id = t->field_ids[field];
  if (id == 0) return -1;
  for (int32_t k = t->fields_at[node], end = t->fields_at[node + 1]; k < end; k += 4) {
    if (t->fields[k + 1] != id) continue;
    int32_t child = t->fields[k + 2];
    int32_t stop = t->end[node];
    for (int32_t at = node + 1; at < stop; at = t->end[at])
      if (slot(t, at, 9) == child) return at;
    for (int32_t at = node + 1; at < stop; at++)
      if (slot(t, at, 9) == child) return at;
    return -1;
  }
  return -1;
}

/** The `n`th named child, or -1. */
static int32_t named_child(const Tree *t, int32_t node, int32_t n) {
  int32_t seen = 0;
  for (int32_t at = node + 1, stop = t->end[node]; at < stop; at = t->end[at]) {
    if (!named(t, at)) continue;
    if (seen++ == n) return at;
  }
  return -1;
}

static int32_t named_child_count(const Tree *t, int32_t node) {
  int32_t seen = 0;
  for (int32_t at = node + 1, stop = t->end[node]; at < stop; at = t->end[at])
    if (named(t, at)) seen++;
  return seen;
}

static int32_t next_named_sibling(const Tree *t, int32_t node) {
  for (;;) {
    int32_t parent = parent_of(t, node);
    if (parent < 0) return -1;
    int32_t next = t->end[node];
    if (next >= t->end[parent]) return -1;
    if (named(t, next)) return next;
    node = next;
  }
}

/** Whether one of the node's children (named or not) has the type of code `type`. */
static int has_child_of(const Tree *t, int32_t node, int type) {
  for (int32_t at = node + 1, stop = t->end[node]; at < stop; at = t->end[at])
    if (code(t, at) == type) return 1;
  return 0;
}

// ---------------------------------------------------------------------------------------------
// Strings: a string is two ints, (start, length) in the source or, from the source's length on,
// in the units built here; (-1, 0) for an absent one.

typedef struct {
  const Tree *tree;
  Units pool;
  Ints out;
  // the string being built: where it starts in the pool, and whether it is still the source's
  // own text from `source_start` (then it is written as a slice of the source)
  uint32_t begun;
  int contiguous;
  int32_t source_start;
  int32_t expected;
  // per object, for its code hash (see put_hashes): its range, parent, signature (a string as
  // written) and whether it is a module object with no parent
  Ints objects;
  // the snippet of the last site's line (see put_site), and that line's row (-1: none yet)
  int32_t snippet_row;
  int32_t snippet_start;
  int32_t snippet_length;
} Out;

static void put_none(Out *o) {
  push(&o->out, -1);
  push(&o->out, 0);
}

static void put_slice(Out *o, int32_t start, int32_t end) {
  push(&o->out, start);
  push(&o->out, end > start ? end - start : 0);
}

static void begin(Out *o) {
  o->begun = o->pool.size;
  o->contiguous = 1;
  o->source_start = -1;
  o->expected = -1;
}

/** Appends a unit; `at` is where the source holds it, or -1 for a unit of no source position. */
static void add(Out *o, uint16_t unit, int32_t at) {
  if (o->contiguous) {
    if (at < 0 || o->tree->source[at] != unit) o->contiguous = 0;
    else if (o->source_start < 0) {
      o->source_start = at;
      o->expected = at + 1;
    } else if (at == o->expected) o->expected++;
    else o->contiguous = 0;
  }
  push_unit(&o->pool, unit);
}

/** Drops the last `n` units of the string being built. */
static void drop(Out *o, uint32_t n) {
  o->pool.size -= n;
  if (o->contiguous && o->source_start >= 0) o->expected -= (int32_t)n;
}

static uint32_t built_length(const Out *o) { return o->pool.size - o->begun; }

/** Writes the string built since begin(): a slice of the source when it is one. */
static void finish(Out *o) {
  uint32_t length = o->pool.size - o->begun;
  if (length == 0) {
    push(&o->out, 0);
    push(&o->out, 0);
  } else if (o->contiguous) {
    o->pool.size = o->begun;
    push(&o->out, o->source_start);
    push(&o->out, (int32_t)length);
  } else {
    push(&o->out, o->tree->source_length + (int32_t)o->begun);
    push(&o->out, (int32_t)length);
  }
}

/**
 * The source's [start, end) with each whitespace run as one space (`replace(/\s+/g, ' ')`),
 * and with `trim` also none at either end (`oneLine`), appended to the string being built.
 */
static void add_collapsed(Out *o, int32_t start, int32_t end, int trim) {
  const uint16_t *s = o->tree->source;
  for (int32_t i = start; i < end;) {
    if (is_space(s[i])) {
      int32_t run = i;
      while (i < end && is_space(s[i])) i++;
      if (trim && (built_length(o) == 0 || i == end)) continue;
      add(o, ' ', i - run == 1 ? run : -1);
      continue;
    }
    add(o, s[i], i);
    i++;
  }
}

/** The collapsed text of [start, end) (see add_collapsed). */
static void put_collapsed(Out *o, int32_t start, int32_t end, int trim) {
  begin(o);
  add_collapsed(o, start, end, trim);
  finish(o);
}

/** `siteQualifier`: the text, or `…` and its last 50 units past 60, whitespace runs as one space. */
static void put_qualifier(Out *o, int32_t start, int32_t end) {
  begin(o);
  if (end - start >= 60) {
    add(o, 0x2026, -1);
    start = end - 50;
  }
  add_collapsed(o, start, end, 0);
  finish(o);
}

/** `typeText`: the text without a leading `:` or `->`, whitespace collapsed and trimmed. */
static void put_type(Out *o, int32_t node) {
  if (node < 0) {
    put_none(o);
    return;
  }
  const uint16_t *s = o->tree->source;
  int32_t start = start_of(o->tree, node), end = end_of(o->tree, node);
  int32_t at = start;
  while (at < end && is_space(s[at])) at++;
  if (at < end && s[at] == ':') at++;
  else if (at + 1 < end && s[at] == '-' && s[at + 1] == '>') at += 2;
  else at = start;
  put_collapsed(o, at, end, 1);
}

/**
 * `signatureOf`: the declaration's text up to its body, lines that start a comment left out,
 * on one line, without a trailing `{`, `:` or `=`.
 */
static void put_signature(Out *o, int32_t node, int32_t body, int arrow) {
  const Tree *t = o->tree;
  const uint16_t *s = t->source;
  int32_t start = start_of(t, node);
  int32_t node_end = end_of(t, node);
  int32_t end = body >= 0 && start_of(t, body) < node_end ? start_of(t, body) : node_end;
  if (end < start) end = start;
  begin(o);
  // whitespace waiting to be written as one space (the line breaks between kept lines are
  // whitespace too): where its run starts, and how long it is
  int pending = 0;
  int32_t run_start = -1, run_length = 0;
  for (int32_t line = start; line <= end;) {
    int32_t line_end = line;
    while (line_end < end && s[line_end] != '\n') line_end++;
    // /^\s*(#(?!\[)|\/\/|\/\*|\*)/
    int32_t at = line;
    while (at < line_end && is_space(s[at])) at++;
    int comment = 0;
    if (at < line_end) {
      uint16_t c = s[at];
      uint16_t next = at + 1 < line_end ? s[at + 1] : 0;
      comment = (c == '#' && !(at + 1 < line_end && next == '[')) || (c == '/' && next == '/') ||
                (c == '/' && next == '*') || c == '*';
    }
    if (!comment) {
      for (int32_t i = line; i < line_end; i++) {
        if (is_space(s[i])) {
          if (!pending) run_start = i, run_length = 0;
          pending = 1;
          run_length++;
          continue;
        }
        if (pending && built_length(o) > 0) add(o, ' ', run_length == 1 ? run_start : -1);
        pending = 0;
        add(o, s[i], i);
      }
      // the line break joining it to the next kept line
      if (line_end < end) {
        if (!pending) run_start = line_end, run_length = 0;
        pending = 1;
        run_length++;
      }
    } else if (line_end < end && pending) {
      // a left-out line between kept ones: the runs around it are one (never the source's)
      run_length = 2;
    }
    if (line_end >= end) break;
    line = line_end + 1;
  }
  // /\s*[{:=]$/ (after trimming, at most one space precedes)
  uint32_t length = built_length(o);
  if (length > 0) {
    uint16_t last = o->pool.data[o->pool.size - 1];
    if (last == '{' || last == ':' || last == '=') {
      drop(o, 1);
      if (length > 1 && o->pool.data[o->pool.size - 1] == ' ') drop(o, 1);
    }
  }
  // and for a function value's head (`const f = (a) =>`), /\s*=>$/
  length = built_length(o);
  if (arrow && length >= 2 && o->pool.data[o->pool.size - 1] == '>' &&
      o->pool.data[o->pool.size - 2] == '=') {
    drop(o, 2);
    if (length > 2 && o->pool.data[o->pool.size - 1] == ' ') drop(o, 1);
  }
  finish(o);
}

// ---------------------------------------------------------------------------------------------
// Records (src/convert/extract.ts reads them in order).

#define OP_OBJECT 1
#define OP_SITE 2
#define OP_IMPORT 3
#define OP_EXIT 4

#define KIND_MODULE 0
#define KIND_CLASS 1
#define KIND_FUNCTION 2
#define KIND_METHOD 3
#define KIND_CONSTRUCTOR 4

#define SITE_CALL 0
#define SITE_USAGE 1
#define SITE_EXTENDS 2

/** The output handed back: the records, the strings built and the comment mask (extract.ts). */
typedef struct {
  int32_t *records;
  int32_t record_count;
  uint16_t *units;
  int32_t unit_count;
  int32_t *mask;
  int32_t mask_count;
} Result;

static void put_hashes(Out *o, const Ints *mask);

/** A node's range: start row and column, end row and column, start and end index. */
static void put_range(Out *o, int32_t node) {
  const Tree *t = o->tree;
  push(&o->out, slot(t, node, 4));
  push(&o->out, slot(t, node, 5));
  push(&o->out, slot(t, node, 6));
  push(&o->out, slot(t, node, 7));
  push(&o->out, slot(t, node, 2));
  push(&o->out, slot(t, node, 3));
}

/**
 * A site at `node` (its column moved on by `column_offset`): kind, owner, row, column and the
 * snippet, its line trimmed of white space (as String.prototype.trim) to its first 200 units,
 * what convert/context.ts's snippetOf reads from the source (the line is the last site's again
 * for most sites: computed once per line).
 */
static void put_site(Out *o, int kind, int32_t from, int32_t node, int32_t column_offset) {
  // (the name and qualifier follow: see the callers)
  const Tree *t = o->tree;
  int32_t row = start_row(t, node);
  push(&o->out, OP_SITE);
  push(&o->out, kind);
  push(&o->out, from);
  push(&o->out, row);
  push(&o->out, start_column(t, node) + column_offset);
  if (row != o->snippet_row) {
    // the line starts where the node's column says (columns count code units)
    const uint16_t *s = t->source;
    int32_t start = start_of(t, node) - start_column(t, node);
    int32_t end = start_of(t, node);
    while (end < t->source_length && s[end] != '\n') end++;
    while (start < end && is_space(s[start])) start++;
    while (end > start && is_space(s[end - 1])) end--;
    o->snippet_row = row;
    o->snippet_start = start;
    o->snippet_length = end - start < 200 ? end - start : 200;
  }
  push(&o->out, o->snippet_start);
  push(&o->out, o->snippet_length);
}

/** A site named by a node's text, at the node, with no qualifier. */
static void put_node_site(Out *o, int kind, int32_t from, int32_t node) {
  put_site(o, kind, from, node, 0);
  put_slice(o, start_of(o->tree, node), end_of(o->tree, node));
  put_none(o);
}

/** A call on a receiver (`a.b.c()`): named by `name`, qualified by the receiver's text. */
static void put_member_call(Out *o, int32_t owner, int32_t name, int32_t receiver) {
  put_site(o, SITE_CALL, owner, name, 0);
  put_slice(o, start_of(o->tree, name), end_of(o->tree, name));
  if (receiver < 0) put_none(o);
  else put_qualifier(o, start_of(o->tree, receiver), end_of(o->tree, receiver));
}

/**
 * The end of a walk: the comment mask (its ranges in tree order), the code hashes and the
 * result; 0 when memory ran out (the caller converts the file in JavaScript).
 */
static Result *finish_walk(Out *o, Ints *mask, Result *result) {
  if (failed) return 0;
  put_hashes(o, mask);
  if (failed) return 0;
  result->mask = mask->data;
  result->mask_count = (int32_t)mask->size;
  result->records = o->out.data;
  result->record_count = (int32_t)o->out.size;
  result->units = o->pool.data;
  result->unit_count = (int32_t)o->pool.size;
  return result;
}

// ---------------------------------------------------------------------------------------------
// Code hashes (finishHashes of src/convert/context.ts with createCodeHasher of src/identity.ts):
// each object's hash over its own code, each nested object in its range counted as its
// signature, taken here so the thread reading the records need not normalise and hash. Each
// join is normalised straight from the UTF-16 source as it is hashed (hash_piece), not from a
// normal form of the whole file in UTF-8 with an offset per unit, as the reader's normalize.c
// takes it: a third of the time, the same bytes. A file whose hashes the bytes cannot say exactly
// (a range or a join cutting a surrogate pair, a source past the normal form's 29-bit offsets,
// kept so both ways agree) gets none, and the reader hashes it as before.

#define OP_HASHES 6
#define OBJECT_INTS 6

/** Notes an object for its code hash: its range node, parent and whether it is a top module. */
static void note_object(Out *o, int32_t node, int32_t parent, int module) {
  push(&o->objects, start_of(o->tree, node));
  push(&o->objects, end_of(o->tree, node));
  push(&o->objects, parent);
  push(&o->objects, -1);
  push(&o->objects, 0);
  push(&o->objects, module && parent < 0);
}

/** Notes the string written last (two ints) as the last object's signature. */
static void note_signature(Out *o) {
  int32_t *last = o->objects.data + o->objects.size - OBJECT_INTS;
  last[3] = o->out.data[o->out.size - 2];
  last[4] = o->out.data[o->out.size - 1];
}

typedef struct {
  uint32_t h[5];
  uint8_t block[64];
  uint32_t used;
  uint64_t length;
} Sha1;

static inline uint32_t rotl(uint32_t x, int n) { return (x << n) | (x >> (32 - n)); }

static void sha1_block(Sha1 *s, const uint8_t *p) {
  uint32_t w[80];
  for (int i = 0; i < 16; i++)
    w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 | (uint32_t)p[4 * i + 2] << 8 |
           p[4 * i + 3];
  for (int i = 16; i < 80; i++) w[i] = rotl(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1);
  uint32_t a = s->h[0], b = s->h[1], c = s->h[2], d = s->h[3], e = s->h[4], t;
#define ROUND(f, k, i)                                                                             \
  t = rotl(a, 5) + (f) + e + (k) + w[i];                                                           \
  e = d, d = c, c = rotl(b, 30), b = a, a = t;
  for (int i = 0; i < 20; i++) {
    ROUND((b & c) | (~b & d), 0x5a827999, i)
  }
  for (int i = 20; i < 40; i++) {
    ROUND(b ^ c ^ d, 0x6ed9eba1, i)
  }
  for (int i = 40; i < 60; i++) {
    ROUND((b & c) | (b & d) | (c & d), 0x8f1bbcdc, i)
  }
  for (int i = 60; i < 80; i++) {
    ROUND(b ^ c ^ d, 0xca62c1d6, i)
  }
#undef ROUND
  s->h[0] += a, s->h[1] += b, s->h[2] += c, s->h[3] += d, s->h[4] += e;
}

/** SHA-1 of `length` bytes, the first `count` hex digits appended to the string being built. */
static void add_sha1_hex(Out *o, const uint8_t *data, uint32_t length, int count) {
  Sha1 s = {{0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0}, {0}, 0, 0};
  uint32_t i = 0;
  for (; i + 64 <= length; i += 64) sha1_block(&s, data + i);
  uint8_t tail[128];
  uint32_t rest = length - i;
  __builtin_memcpy(tail, data + i, rest);
  tail[rest] = 0x80;
  uint32_t padded = rest + 1 + 8 <= 64 ? 64 : 128;
  __builtin_memset(tail + rest + 1, 0, padded - rest - 1);
  uint64_t bits = (uint64_t)length * 8;
  for (int k = 0; k < 8; k++) tail[padded - 1 - k] = (uint8_t)(bits >> (8 * k));
  sha1_block(&s, tail);
  if (padded == 128) sha1_block(&s, tail + 64);
  static const char hex[] = "0123456789abcdef";
  for (int k = 0; k < count; k++) {
    uint32_t byte = (s.h[k / 8] >> (24 - 8 * ((k / 2) % 4))) & 0xff;
    add(o, (uint16_t)hex[k % 2 == 0 ? byte >> 4 : byte & 15], -1);
  }
}

/**
 * A join being hashed (join of wasm/normalize.c, read straight from UTF-16): the normal form of
 * a range with holes, each hole's text counted as normalised on its own. Whitespace (ECMAScript's
 * `\s`, and masked units) waits; it becomes one space between two of [A-Za-z0-9_$] and vanishes
 * anywhere else, the ends included. normalize.c's whole-source form and join give the same bytes:
 * within a piece its runs are decided by the same neighbours, and at a piece's edges join's rule
 * (a waiting run, or whitespace opening the piece, between two word characters) is the same
 * waiting state carried from one piece into the next.
 */
typedef struct {
  uint8_t *dest;
  uint32_t length;
  // whitespace waits; the last character written is a word character; a piece starts or ends
  // with half of a surrogate pair or U+FFFD (the reader then hashes the string)
  int pending;
  int last_word;
  int cut_pair;
} Hashing;

/** A comment mask as normalize reads it: ranges sorted by start, none inside the one before. */
typedef struct {
  const int32_t *ranges;
  int32_t count;
} Mask;

static inline int pair_like_unit(uint32_t u) { return (u >= 0xd800 && u <= 0xdfff) || u == 0xfffd; }

/** Appends the normal form of units[from, to) (masked units as whitespace) to the join. */
static void hash_piece(Hashing *h, const uint16_t *units, int32_t from, int32_t to,
                       const Mask *mask) {
  // the first masked range that ends past `from` (ends increase: the ranges do not overlap)
  int32_t next = 0, count = mask ? mask->count : 0;
  if (count) {
    int32_t low = 0, high = count;
    while (low < high) {
      int32_t mid = (low + high) >> 1;
      if (mask->ranges[2 * mid + 1] <= from) low = mid + 1;
      else high = mid;
    }
    next = low;
  }
  int32_t mask_start = next < count ? mask->ranges[2 * next] : INT32_MAX;
  int32_t mask_end = next < count ? mask->ranges[2 * next + 1] : INT32_MAX;
  int seen = 0;
  uint32_t last = 0;
  uint8_t *out = h->dest;
  uint32_t o = h->length;
  int pending = h->pending, last_word = h->last_word;
  for (int32_t i = from; i < to;) {
    if (i >= mask_end) {
      next++;
      mask_start = next < count ? mask->ranges[2 * next] : INT32_MAX;
      mask_end = next < count ? mask->ranges[2 * next + 1] : INT32_MAX;
      continue;
    }
    uint32_t c = units[i];
    if (i >= mask_start) {
      pending = 1;
      i = to < mask_end ? to : mask_end;
      continue;
    }
    if (c < 0x80) {
      // a run of ASCII up to the next masked range: whitespace waits; other characters are
      // written as they are, a space before the first only after a waiting run between two
      // word characters
      int32_t stop = to < mask_start ? to : mask_start;
      uint32_t kind = ascii_class[c];
      if (kind == CLASS_SPACE) {
        pending = 1;
        for (i++; i < stop && units[i] < 0x80 && ascii_class[units[i]] == CLASS_SPACE; i++) {
        }
        continue;
      }
      if (pending && last_word && kind == CLASS_WORD) out[o++] = ' ';
      pending = 0;
      seen = 1;
      do {
        out[o++] = (uint8_t)c;
        last_word = kind == CLASS_WORD;
        i++;
      } while (i < stop && (c = units[i]) < 0x80 && (kind = ascii_class[c]) != CLASS_SPACE);
      last = units[i - 1];
      continue;
    }
    if (is_space(c)) {
      pending = 1;
      i++;
      continue;
    }
    // not a word character: a waiting run before it vanishes
    if (!seen) {
      seen = 1;
      if (pair_like_unit(c)) h->cut_pair = 1;
    }
    pending = 0;
    last_word = 0;
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < to && units[i + 1] >= 0xdc00 &&
        units[i + 1] <= 0xdfff) {
      uint32_t cp = 0x10000 + ((c - 0xd800) << 10) + (units[i + 1] - 0xdc00u);
      out[o++] = (uint8_t)(0xf0 | cp >> 18);
      out[o++] = (uint8_t)(0x80 | ((cp >> 12) & 0x3f));
      out[o++] = (uint8_t)(0x80 | ((cp >> 6) & 0x3f));
      out[o++] = (uint8_t)(0x80 | (cp & 0x3f));
      last = units[i + 1];
      i += 2;
      continue;
    }
    // (a lone surrogate as TextEncoder writes it: U+FFFD)
    if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd;
    if (c < 0x800) {
      out[o++] = (uint8_t)(0xc0 | c >> 6);
      out[o++] = (uint8_t)(0x80 | (c & 0x3f));
    } else {
      out[o++] = (uint8_t)(0xe0 | c >> 12);
      out[o++] = (uint8_t)(0x80 | ((c >> 6) & 0x3f));
      out[o++] = (uint8_t)(0x80 | (c & 0x3f));
    }
    last = units[i];
    i++;
  }
  if (seen && pair_like_unit(last)) h->cut_pair = 1;
  h->length = o;
  h->pending = pending;
  h->last_word = last_word;
}

/** masksWithin of comment-mask.ts: whether a masked range overlaps [start, end). */
static int masks_within(const int32_t *ranges, int32_t pairs, int32_t start, int32_t end) {
  int32_t low = 0, high = pairs;
  while (low < high) {
    int32_t mid = (low + high) >> 1;
    if (ranges[2 * mid + 1] <= start) low = mid + 1;
    else high = mid;
  }
  return low < pairs && ranges[2 * low] < end;
}

/**
 * The hash of [start, end) of the source with holes (quads: from, to, the text's start in the
 * pool, its length; sorted by `from`, a hole starting inside the one before skipped), `mask` read
 * as whitespace; 0 when a piece cut a surrogate pair.
 */
static int add_hash(Out *o, int32_t start, int32_t end, const int32_t *holes, int32_t hole_count,
                    const Mask *mask, uint8_t *dest) {
  const uint16_t *s = o->tree->source;
  if (ascii_class['a'] == 0) fill_classes();
  Hashing h = {dest, 0, 0, 0, 0};
  int32_t position = start;
  for (int32_t k = 0; k < hole_count; k++) {
    const int32_t *hole = holes + 4 * k;
    if (hole[0] < position) continue;
    hash_piece(&h, s, position, hole[0], mask);
    // (a signature: a slice of the source, or units built in the pool)
    if (hole[3] > 0)
      hash_piece(&h, hole[2] < o->tree->source_length ? s : o->pool.data - o->tree->source_length,
                 hole[2], hole[2] + hole[3], 0);
    position = hole[1];
  }
  hash_piece(&h, s, position, end, mask);
  if (h.cut_pair) return 0;
  add_sha1_hex(o, dest, h.length, 20);
  return 1;
}

/**
 * The code hashes of every object noted, as one record: OP_HASHES, the count, then each
 * object's hash and its legacy hash (none when equal or unmasked); nothing when a file's hashes
 * are left to the reader (see above). `mask` holds the comment mask's pairs in tree order.
 */
static void put_hashes(Out *o, const Ints *mask) {
  const Tree *t = o->tree;
  const uint16_t *s = t->source;
  int32_t count = (int32_t)(o->objects.size / OBJECT_INTS);
  if (count == 0 || 3 * (int64_t)t->source_length >= (1 << 29)) return;
  uint32_t mark_at = mark();
  // the mask's pairs sorted by start (stable: as maskOf sorts them)
  int32_t pairs = (int32_t)(mask->size / 2);
  int32_t *ranges = alloc((uint32_t)(2 * pairs + 1) * 4);
  if (!ranges) return;
  for (int32_t i = 0; i < pairs; i++) {
    int32_t start = mask->data[2 * i], end = mask->data[2 * i + 1];
    int32_t j = i;
    while (j > 0 && ranges[2 * (j - 1)] > start) {
      ranges[2 * j] = ranges[2 * (j - 1)];
      ranges[2 * j + 1] = ranges[2 * (j - 1) + 1];
      j--;
    }
    ranges[2 * j] = start;
    ranges[2 * j + 1] = end;
  }
  // a range that splits a surrogate pair: the reader hashes the blanked string
  for (int32_t i = 0; i < 2 * pairs; i++)
    if (ranges[i] < t->source_length && s[ranges[i]] >= 0xdc00 && s[ranges[i]] <= 0xdfff) {
      release(mark_at);
      return;
    }
  // the ranges normalize reads: each one that starts before the end of the last one read is
  // skipped (as the blanked string skips it)
  int32_t *kept = alloc((uint32_t)(2 * pairs + 1) * 4);
  if (!kept) return;
  Mask masked = {kept, 0};
  for (int32_t i = 0, masked_to = 0; i < pairs; i++) {
    if (ranges[2 * i] < masked_to) continue;
    kept[2 * masked.count] = ranges[2 * i];
    kept[2 * masked.count + 1] = masked_to = ranges[2 * i + 1];
    masked.count++;
  }
  // children by parent, in object order (a top module object's are then every top-level object)
  const int32_t *objects = o->objects.data;
  int32_t *first_child = alloc((uint32_t)count * 4);
  int32_t *next_child = alloc((uint32_t)count * 4);
  int32_t *last_child = alloc((uint32_t)count * 4);
  int32_t *holes = alloc((uint32_t)count * 16 + 16);
  int32_t *sorted = alloc((uint32_t)count * 16 + 16);
  // room for any object's join: the source's UTF-8, every signature's and a space before each
  uint32_t all_text = 0;
  for (int32_t i = 0; i < count; i++)
    all_text += 3 * (uint32_t)(objects[i * OBJECT_INTS + 4] > 0 ? objects[i * OBJECT_INTS + 4] : 0);
  uint8_t *dest = alloc(3 * (uint32_t)t->source_length + all_text + 2 * (uint32_t)count + 1);
  if (failed) return;
  for (int32_t i = 0; i < count; i++) first_child[i] = last_child[i] = next_child[i] = -1;
  for (int32_t i = 0; i < count; i++) {
    int32_t parent = objects[i * OBJECT_INTS + 2];
    if (parent < 0) continue;
    if (last_child[parent] < 0) first_child[parent] = i;
    else next_child[last_child[parent]] = i;
    last_child[parent] = i;
  }
  uint32_t out_at = o->out.size;
  push(&o->out, OP_HASHES);
  push(&o->out, count);
  for (int32_t i = 0; i < count && !failed; i++) {
    const int32_t *object = objects + i * OBJECT_INTS;
    int32_t start = object[0], end = object[1];
    // the holes: children in the range, then (a top module) top-level objects in the range
    int32_t hole_count = 0;
    for (int32_t c = first_child[i]; c >= 0; c = next_child[c]) {
      const int32_t *child = objects + c * OBJECT_INTS;
      if (child[0] < start || child[1] > end) continue;
      holes[4 * hole_count] = child[0];
      holes[4 * hole_count + 1] = child[1];
      holes[4 * hole_count + 2] = c;
      hole_count++;
    }
    for (int32_t c = 0; object[5] && c < count; c++) {
      const int32_t *child = objects + c * OBJECT_INTS;
      if (child[2] >= 0 || child[5] || child[0] < start || child[1] > end) continue;
      holes[4 * hole_count] = child[0];
      holes[4 * hole_count + 1] = child[1];
      holes[4 * hole_count + 2] = c;
      hole_count++;
    }
    // sorted by `from`, stably
    for (int32_t h = 0; h < hole_count; h++) {
      int32_t j = h;
      while (j > 0 && sorted[4 * (j - 1)] > holes[4 * h]) {
        for (int k = 0; k < 4; k++) sorted[4 * j + k] = sorted[4 * (j - 1) + k];
        j--;
      }
      for (int k = 0; k < 4; k++) sorted[4 * j + k] = holes[4 * h + k];
    }
    // the holes' texts: their signatures
    for (int32_t h = 0; h < hole_count; h++) {
      const int32_t *child = objects + sorted[4 * h + 2] * OBJECT_INTS;
      sorted[4 * h + 2] = child[3];
      sorted[4 * h + 3] = child[3] < 0 || child[4] < 0 ? 0 : child[4];
    }
    begin(o);
    if (!add_hash(o, start, end, sorted, hole_count, &masked, dest)) {
      failed = 1;
      break;
    }
    finish(o);
    // the hash as engines before the mask took it, where it differs
    if (pairs > 0 && masks_within(ranges, pairs, start, end)) {
      uint32_t built = o->pool.size;
      begin(o);
      if (!add_hash(o, start, end, sorted, hole_count, 0, dest)) {
        failed = 1;
        break;
      }
      int same = 1;
      for (int k = 0; k < 20; k++)
        if (o->pool.data[built + k] != o->pool.data[built - 20 + k]) same = 0;
      if (same) {
        o->pool.size = built;
        put_none(o);
      } else finish(o);
    } else put_none(o);
  }
  if (failed) {
    // the reader hashes this file: the record goes, and everything allocated for it
    o->out.size = out_at;
    failed = 0;
  }
}

// ---------------------------------------------------------------------------------------------
// Python (src/convert/python.ts).

enum {
  PY_NONE,
  PY_MODULE,
  PY_DECORATED_DEFINITION,
  PY_FUNCTION_DEFINITION,
  PY_CLASS_DEFINITION,
  PY_LAMBDA,
  PY_CALL,
  PY_RAISE_STATEMENT,
  PY_RETURN_STATEMENT,
  PY_IMPORT_STATEMENT,
  PY_IMPORT_FROM_STATEMENT,
  PY_TYPE,
  PY_IDENTIFIER,
  PY_ATTRIBUTE,
  PY_DECORATOR,
  PY_EXPRESSION_STATEMENT,
  PY_COMMENT,
  PY_STRING,
  PY_CONCATENATED_STRING,
  PY_TYPED_PARAMETER,
  PY_DEFAULT_PARAMETER,
  PY_TYPED_DEFAULT_PARAMETER,
  PY_LIST_SPLAT_PATTERN,
  PY_DICTIONARY_SPLAT_PATTERN,
  PY_ASYNC,
  PY_ALIASED_IMPORT,
  PY_IF_STATEMENT,
  PY_ELIF_CLAUSE,
  PY_ELSE_CLAUSE,
};

enum {
  PF_NONE,
  PF_NAME,
  PF_BODY,
  PF_PARAMETERS,
  PF_RETURN_TYPE,
  PF_TYPE,
  PF_VALUE,
  PF_FUNCTION,
  PF_ATTRIBUTE,
  PF_OBJECT,
  PF_SUPERCLASSES,
  PF_MODULE_NAME,
  PF_ALIAS,
};

typedef struct {
  int32_t end;
  int32_t parent;
  int32_t owner;
} Scope;

static const Scope NO_SCOPE = {0, -1, -1};

/** walkScoped's stack: the scope of the innermost node still open at `start` (closing others). */
static Scope scope_at(const Scope *stack, uint32_t *depth, int32_t start) {
  while (*depth > 0 && stack[*depth - 1].end <= start) (*depth)--;
  return *depth > 0 ? stack[*depth - 1] : NO_SCOPE;
}

/** Opens `inner` until `end`. */
static void open_scope(Scope *stack, uint32_t *depth, Scope inner, int32_t end) {
  inner.end = end;
  stack[(*depth)++] = inner;
}

typedef struct {
  Out o;
  // per node, the decorated_definition it is a child of (-1)
  int32_t *decorated_by;
  // per object, its kind
  Ints kinds;
} Python;

/** Text of the node as a slice of the source. */
static void put_text(Out *o, int32_t node) {
  if (node < 0) put_none(o);
  else put_slice(o, start_of(o->tree, node), end_of(o->tree, node));
}

/** Whether the source's [start, end) is the ASCII text `word`. */
static int text_is(const Tree *t, int32_t start, int32_t end, const char *word) {
  int32_t i = 0;
  for (; word[i]; i++)
    if (start + i >= end || t->source[start + i] != (uint16_t)word[i]) return 0;
  return start + i == end;
}

/**
 * readDocstring: the string nodes of the body's docstring, written as their count and texts
 * (extract.ts evaluates them), or -1 when the body has none.
 */
static int collect_strings(const Tree *t, int32_t node, Ints *parts) {
  int type = code(t, node);
  if (type == PY_STRING) {
    push(parts, node);
    return 1;
  }
  if (type != PY_CONCATENATED_STRING) return 0;
  for (int32_t at = node + 1, stop = t->end[node]; at < stop; at = t->end[at])
    if (named(t, at) && !collect_strings(t, at, parts)) return 0;
  return 1;
}

static void put_docstring(Python *p, int32_t body) {
  const Tree *t = p->o.tree;
  Out *o = &p->o;
  if (body < 0) {
    push(&o->out, -1);
    return;
  }
  int32_t first = named_child(t, body, 0);
  while (first >= 0 && code(t, first) == PY_COMMENT) first = next_named_sibling(t, first);
  if (first < 0 || code(t, first) != PY_EXPRESSION_STATEMENT || named_child_count(t, first) != 1) {
    push(&o->out, -1);
    return;
  }
  Ints parts = {0, 0, 0};
  if (!collect_strings(t, named_child(t, first, 0), &parts)) {
    push(&o->out, -1);
    return;
  }
  push(&o->out, (int32_t)parts.size);
  for (uint32_t i = 0; i < parts.size; i++)
    put_slice(o, start_of(t, parts.data[i]), end_of(t, parts.data[i]));
}

/** readPythonParameters: count, then (name, type, default, rest, optional) each. */
static void put_parameters(Python *p, int32_t list) {
  const Tree *t = p->o.tree;
  Out *o = &p->o;
  uint32_t count_at = o->out.size;
  push(&o->out, 0);
  if (list < 0) return;
  int32_t count = 0;
  for (int32_t at = list + 1, stop = t->end[list]; at < stop; at = t->end[at]) {
    if (!named(t, at)) continue;
    int32_t name = at, type = -1, value = -1;
    switch (code(t, at)) {
      case PY_IDENTIFIER:
        break;
      case PY_TYPED_PARAMETER: {
        type = field_child(t, at, PF_TYPE);
        name = -1;
        for (int32_t c = at + 1, end = t->end[at]; c < end; c = t->end[c]) {
          if (named(t, c) && c != type) {
            name = c;
            break;
          }
        }
        break;
      }
      case PY_DEFAULT_PARAMETER:
      case PY_TYPED_DEFAULT_PARAMETER:
        name = field_child(t, at, PF_NAME);
        type = field_child(t, at, PF_TYPE);
        value = field_child(t, at, PF_VALUE);
        break;
      case PY_LIST_SPLAT_PATTERN:
      case PY_DICTIONARY_SPLAT_PATTERN:
        break;
      default:
        continue;
    }
    if (name < 0) continue;
    int rest = code(t, name) == PY_LIST_SPLAT_PATTERN || code(t, name) == PY_DICTIONARY_SPLAT_PATTERN;
    int32_t name_start = start_of(t, name), name_end = end_of(t, name);
    if (rest) {
      // .replace(/^\*+\s*/, '')
      int32_t i = name_start;
      while (i < name_end && t->source[i] == '*') i++;
      if (i > name_start)
        while (i < name_end && is_space(t->source[i])) i++;
      name_start = i;
    }
    put_slice(o, name_start, name_end);
    put_type(o, type);
    put_text(o, value);
    push(&o->out, rest);
    push(&o->out, value >= 0 || rest);
    count++;
  }
  o->out.data[count_at] = count;
}

/** declare: the object a def or class is, its number (-1 when it is none). */
static int32_t py_declare(Python *p, int32_t node, int type, const Scope *scope) {
  const Tree *t = p->o.tree;
  Out *o = &p->o;
  int32_t name = field_child(t, node, PF_NAME);
  if (name < 0 || end_of(t, name) <= start_of(t, name)) return -1;
  int32_t decorated = p->decorated_by[node];
  int32_t body = field_child(t, node, PF_BODY);
  int kind = KIND_CLASS;
  int in_class = 0;
  if (type == PY_FUNCTION_DEFINITION) {
    in_class = scope->parent >= 0 && p->kinds.data[scope->parent] == KIND_CLASS && scope->owner < 0;
    kind = !in_class ? KIND_FUNCTION
           : text_is(t, start_of(t, name), end_of(t, name), "__init__") ? KIND_CONSTRUCTOR
                                                                         : KIND_METHOD;
  }
  int32_t number = (int32_t)p->kinds.size;
  push(&p->kinds, kind);
  push(&o->out, OP_OBJECT);
  push(&o->out, kind);
  put_range(o, node);
  push(&o->out, scope->parent);
  note_object(o, node, scope->parent, 0);
  put_text(o, name);
  put_signature(o, node, body, 0);
  note_signature(o);
  if (type == PY_FUNCTION_DEFINITION) put_type(o, field_child(t, node, PF_RETURN_TYPE));
  else put_none(o);
  push(&o->out, (type == PY_FUNCTION_DEFINITION && has_child_of(t, node, PY_ASYNC) ? 1 : 0) |
                    (in_class ? 2 : 0));
  // decorators: count, then each text with its whitespace runs collapsed
  uint32_t count_at = o->out.size;
  push(&o->out, 0);
  if (decorated >= 0) {
    int32_t count = 0;
    for (int32_t at = decorated + 1, stop = t->end[decorated]; at < stop; at = t->end[at]) {
      if (!named(t, at) || code(t, at) != PY_DECORATOR) continue;
      put_collapsed(o, start_of(t, at), end_of(t, at), 0);
      count++;
    }
    o->out.data[count_at] = count;
  }
  if (type == PY_FUNCTION_DEFINITION) put_parameters(p, field_child(t, node, PF_PARAMETERS));
  else push(&o->out, 0);
  put_docstring(p, body);
  return number;
}

/**
 * addDottedCall of context.ts: the call site of a callee whose text is a plain dotted path
 * (/^[A-Za-z_$#][\w$#]*(?:\.[A-Za-z_$#][\w$#]*)*$/), read from its text; false for any other form.
 */
static int dotted_call(Out *o, int32_t fn, int32_t owner) {
  const Tree *t = o->tree;
  const uint16_t *s = t->source;
  int32_t start = start_of(t, fn), end = end_of(t, fn);
  int dotted = start < end;
  int32_t dot = -1;
  for (int32_t i = start, segment = 1; dotted && i < end; i++) {
    uint16_t c = s[i];
    int first = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$' || c == '#';
    if (segment) {
      dotted = first;
      segment = 0;
    } else if (c == '.') {
      segment = 1;
      dot = i;
    } else dotted = first || (c >= '0' && c <= '9');
    if (i == end - 1 && segment) dotted = 0;
  }
  if (!dotted) return 0;
  int32_t name_start = dot < 0 ? start : dot + 1;
  if (dot < 0 && (text_is(t, start, end, "super") || text_is(t, start, end, "import") ||
                  text_is(t, start, end, "this") || text_is(t, start, end, "undefined") ||
                  text_is(t, start, end, "null") || text_is(t, start, end, "true") ||
                  text_is(t, start, end, "false")))
    return 0;
  put_site(o, SITE_CALL, owner, fn, dot < 0 ? 0 : dot - start + 1);
  put_slice(o, name_start, end);
  if (dot < 0) put_none(o);
  else put_qualifier(o, start, dot);
  return 1;
}

/** recordCall. */
static void py_call(Python *p, int32_t node, int32_t owner) {
  const Tree *t = p->o.tree;
  Out *o = &p->o;
  int32_t fn = field_child(t, node, PF_FUNCTION);
  if (fn < 0 || dotted_call(o, fn, owner)) return;
  int type = code(t, fn);
  if (type == PY_IDENTIFIER) {
    put_node_site(o, SITE_CALL, owner, fn);
  } else if (type == PY_ATTRIBUTE) {
    int32_t attribute = field_child(t, fn, PF_ATTRIBUTE);
    int32_t object = field_child(t, fn, PF_OBJECT);
    if (attribute >= 0) put_member_call(o, owner, attribute, object);
  }
}

/** identifierText's end: where the ASCII identifier at `start` ends, or -1 (see context.ts). */
static int32_t identifier_end(const Tree *t, int32_t start, int hash) {
  const uint16_t *s = t->source;
  int32_t n = t->source_length;
  if (start >= n) return -1;
  uint16_t c = s[start];
  if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$' ||
        (hash && c == '#')))
    return -1;
  int32_t at = start + 1;
  while (at < n) {
    c = s[at];
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$' ||
          (c >= '0' && c <= '9')))
      break;
    at++;
  }
  return at < n && s[at] > 127 ? -1 : at;
}

/** The imports of `import a.b`, `import a.b as c`. */
static void py_import(Python *p, int32_t node) {
  const Tree *t = p->o.tree;
  Out *o = &p->o;
  for (int32_t at = node + 1, stop = t->end[node]; at < stop; at = t->end[at]) {
    if (!named(t, at)) continue;
    int aliased = code(t, at) == PY_ALIASED_IMPORT;
    int32_t module = aliased ? field_child(t, at, PF_NAME) : at;
    if (module < 0 || end_of(t, module) <= start_of(t, module)) continue;
    int32_t alias = aliased ? field_child(t, at, PF_ALIAS) : module;
    push(&o->out, OP_IMPORT);
    push(&o->out, start_row(t, node) + 1);
    put_text(o, module);
    put_text(o, alias);
    // names: none written (['*'])
    push(&o->out, 0);
  }
}

/** `from a import b, c as d`. */
static void py_import_from(Python *p, int32_t node) {
  const Tree *t = p->o.tree;
  Out *o = &p->o;
  int32_t module = field_child(t, node, PF_MODULE_NAME);
  if (module < 0 || end_of(t, module) <= start_of(t, module)) return;
  push(&o->out, OP_IMPORT);
  push(&o->out, start_row(t, node) + 1);
  put_text(o, module);
  put_none(o);
  uint32_t count_at = o->out.size;
  push(&o->out, 0);
  int32_t count = 0;
  int32_t id = t->field_ids[PF_NAME];
  for (int32_t at = node + 1, stop = t->end[node]; at < stop; at = t->end[at]) {
    if (id == 0 || field_of(t, at) != id) continue;
    int32_t name = at;
    if (code(t, at) == PY_ALIASED_IMPORT) {
      int32_t inner = field_child(t, at, PF_NAME);
      if (inner >= 0) name = inner;
    }
    put_text(o, name);
    count++;
  }
  o->out.data[count_at] = count;
}

/** What a raise or return says about its function's body. */
static void py_exit(Python *p, int32_t node, int type, int32_t owner) {
  const Tree *t = p->o.tree;
  Out *o = &p->o;
  push(&o->out, OP_EXIT);
  push(&o->out, owner);
  if (type == PY_RAISE_STATEMENT) {
    push(&o->out, 1);
    int32_t exception = named_child(t, node, 0);
    int32_t named_node =
        exception >= 0 && code(t, exception) == PY_CALL ? field_child(t, exception, PF_FUNCTION)
                                                        : exception;
    put_text(o, named_node);
    return;
  }
  push(&o->out, 0);
  int32_t parent = parent_of(t, node);
  int32_t block = parent >= 0 ? parent_of(t, parent) : -1;
  int early = 0;
  if (block >= 0) {
    int type = code(t, block);
    early = type == PY_IF_STATEMENT || type == PY_ELIF_CLAUSE || type == PY_ELSE_CLAUSE;
  }
  push(&o->out, named_child_count(t, node) > 0);
  push(&o->out, early);
}

/** A class's bases: what it extends. */
static void py_bases(Python *p, int32_t node, int32_t declared) {
  const Tree *t = p->o.tree;
  Out *o = &p->o;
  int32_t bases = field_child(t, node, PF_SUPERCLASSES);
  if (bases < 0) return;
  for (int32_t at = bases + 1, stop = t->end[bases]; at < stop; at = t->end[at]) {
    if (!named(t, at)) continue;
    int type = code(t, at);
    if (type != PY_IDENTIFIER && type != PY_ATTRIBUTE) continue;
    // base.text.split('.').pop()
    int32_t start = start_of(t, at), end = end_of(t, at);
    for (int32_t i = end - 1; i >= start; i--)
      if (t->source[i] == '.') {
        start = i + 1;
        break;
      }
    put_site(o, SITE_EXTENDS, declared, at, 0);
    put_slice(o, start, end);
    put_none(o);
  }
}

/** pythonDocstring of comment-mask.ts: the docstring statement opening a module, def or class. */
static int32_t py_masked_docstring(const Tree *t, int32_t node) {
  int32_t body = code(t, node) == PY_MODULE ? node : field_child(t, node, PF_BODY);
  if (body < 0) return -1;
  int32_t first = named_child(t, body, 0);
  for (int32_t i = 1; first >= 0 && comment_like(t, first); i++) first = named_child(t, body, i);
  if (first < 0 || code(t, first) != PY_EXPRESSION_STATEMENT || named_child_count(t, first) != 1)
    return -1;
  int value = code(t, named_child(t, first, 0));
  return value == PY_STRING || value == PY_CONCATENATED_STRING ? first : -1;
}

/**
 * maskComments of comment-mask.ts: the ranges of comments and, with `docstrings` (Python),
 * docstrings, in tree order (the reader sorts them when a docstring comes before comments it
 * follows in the tree).
 */
static void comment_mask(const Tree *t, Ints *mask, int docstrings) {
  for (int32_t at = 0; at < t->count;) {
    if (comment_like(t, at)) {
      if (end_of(t, at) > start_of(t, at)) {
        push(mask, start_of(t, at));
        push(mask, end_of(t, at));
      }
      at = t->end[at];
      continue;
    }
    int type = docstrings ? code(t, at) : PY_NONE;
    if (type == PY_MODULE || type == PY_FUNCTION_DEFINITION || type == PY_CLASS_DEFINITION) {
      int32_t docstring = py_masked_docstring(t, at);
      if (docstring >= 0) {
        push(mask, start_of(t, docstring));
        push(mask, end_of(t, docstring));
      }
    }
    at++;
  }
}

static int py_visited(int type) {
  switch (type) {
    case PY_DECORATED_DEFINITION:
    case PY_FUNCTION_DEFINITION:
    case PY_CLASS_DEFINITION:
    case PY_LAMBDA:
    case PY_CALL:
    case PY_RAISE_STATEMENT:
    case PY_RETURN_STATEMENT:
    case PY_IMPORT_STATEMENT:
    case PY_IMPORT_FROM_STATEMENT:
    case PY_TYPE:
      return 1;
  }
  return 0;
}

/**
 * convertPython's walk: the module object (its docstring), then every visited node in document
 * order with the scope of the nearest enclosing def or class (walkScoped, enter and record).
 */
__attribute__((export_name("extract_python"))) Result *extract_python(const Tree *tree) {
  Python p;
  __builtin_memset(&p, 0, sizeof p);
  p.o.tree = tree;
  p.o.snippet_row = -1;
  int32_t count = tree->count;
  p.decorated_by = alloc((uint32_t)count * 4);
  Scope *stack = alloc((uint32_t)(count + 1) * sizeof(Scope));
  Result *result = alloc(sizeof(Result));
  if (failed) return 0;
  for (int32_t i = 0; i < count; i++) p.decorated_by[i] = -1;
  Out *o = &p.o;

  // the module object (number 0): its name and signature come from the path (extract.ts)
  push(&p.kinds, KIND_MODULE);
  push(&o->out, OP_OBJECT);
  push(&o->out, KIND_MODULE);
  put_range(o, 0);
  note_object(o, 0, -1, 1);
  push(&o->out, -1);
  put_none(o);
  put_none(o);
  put_none(o);
  push(&o->out, 0);
  push(&o->out, 0);
  push(&o->out, 0);
  put_docstring(&p, 0);

  uint32_t depth = 0;
  for (int32_t node = 0; node < count && !failed; node++) {
    int type = code(tree, node);
    if (!py_visited(type)) continue;
    int32_t node_start = start_of(tree, node);
    const Scope scope = scope_at(stack, &depth, node_start);
    if (type == PY_DECORATED_DEFINITION) {
      for (int32_t at = node + 1, stop = tree->end[node]; at < stop; at = tree->end[at])
        if (named(tree, at)) p.decorated_by[at] = node;
      continue;
    }
    int32_t declared = -1;
    if (type == PY_FUNCTION_DEFINITION || type == PY_CLASS_DEFINITION)
      declared = py_declare(&p, node, type, &scope);
    Scope inner = scope;
    int opened = 0;
    if (declared >= 0) {
      inner.parent = declared;
      inner.owner = type == PY_CLASS_DEFINITION ? -1 : declared;
      opened = 1;
    } else if (type == PY_LAMBDA) {
      inner.owner = -1;
      opened = 1;
    }
    switch (type) {
      case PY_CALL:
        py_call(&p, node, inner.owner);
        break;
      case PY_TYPE: {
        int32_t from = inner.owner >= 0 ? inner.owner : inner.parent;
        for (int32_t at = node, stop = tree->end[node]; at < stop; at++) {
          if (code(tree, at) != PY_IDENTIFIER) continue;
          put_site(o, SITE_USAGE, from, at, 0);
          int32_t end = identifier_end(tree, start_of(tree, at), 1);
          if (end < 0) put_text(o, at);
          else put_slice(o, start_of(tree, at), end);
          put_none(o);
        }
        break;
      }
      case PY_CLASS_DEFINITION:
        py_bases(&p, node, declared);
        break;
      case PY_RAISE_STATEMENT:
      case PY_RETURN_STATEMENT:
        if (inner.owner >= 0) py_exit(&p, node, type, inner.owner);
        break;
      case PY_IMPORT_STATEMENT:
        py_import(&p, node);
        break;
      case PY_IMPORT_FROM_STATEMENT:
        py_import_from(&p, node);
        break;
    }
    if (opened) open_scope(stack, &depth, inner, end_of(tree, node));
  }
  Ints mask = {0, 0, 0};
  comment_mask(tree, &mask, 1);
  return finish_walk(o, &mask, result);
}

// ---------------------------------------------------------------------------------------------
// TypeScript, TSX and JavaScript (src/convert/typescript.ts, typescript-parts.ts and
// property-functions.ts).

enum {
  TS_NONE,
  // the types typescript.ts visits (VISITED, in its order: ts_visited reads the range)
  TS_FUNCTION_DECLARATION,
  TS_GENERATOR_FUNCTION_DECLARATION,
  TS_FUNCTION_SIGNATURE,
  TS_METHOD_DEFINITION,
  TS_METHOD_SIGNATURE,
  TS_ABSTRACT_METHOD_SIGNATURE,
  TS_ARROW_FUNCTION,
  TS_FUNCTION_EXPRESSION,
  TS_FUNCTION,
  TS_GENERATOR_FUNCTION,
  TS_CLASS_DECLARATION,
  TS_ABSTRACT_CLASS_DECLARATION,
  TS_CLASS,
  TS_INTERFACE_DECLARATION,
  TS_ENUM_DECLARATION,
  TS_TYPE_ALIAS_DECLARATION,
  TS_INTERNAL_MODULE,
  TS_MODULE,
  TS_VARIABLE_DECLARATOR,
  TS_ASSIGNMENT_EXPRESSION,
  TS_PUBLIC_FIELD_DEFINITION,
  TS_FIELD_DEFINITION,
  TS_CALL_EXPRESSION,
  TS_NEW_EXPRESSION,
  TS_EXTENDS_CLAUSE,
  TS_EXTENDS_TYPE_CLAUSE,
  TS_IMPLEMENTS_CLAUSE,
  TS_TYPE_IDENTIFIER,
  TS_THROW_STATEMENT,
  TS_RETURN_STATEMENT,
  TS_IMPORT_STATEMENT,
  TS_JSX_OPENING_ELEMENT,
  TS_JSX_SELF_CLOSING_ELEMENT,
  TS_EXPORT_STATEMENT,
  // the types it looks at around them
  TS_OBJECT,
  TS_OBJECT_TYPE,
  TS_IDENTIFIER,
  TS_MEMBER_EXPRESSION,
  TS_LEXICAL_DECLARATION,
  TS_VARIABLE_DECLARATION,
  TS_CONST,
  TS_AMBIENT_DECLARATION,
  TS_DECORATOR,
  TS_COMMENT,
  TS_REQUIRED_PARAMETER,
  TS_OPTIONAL_PARAMETER,
  TS_ASSIGNMENT_PATTERN,
  TS_REST_PATTERN,
  TS_QUESTION,
  TS_ACCESSIBILITY_MODIFIER,
  TS_PRIVATE_PROPERTY_IDENTIFIER,
  TS_STATIC,
  TS_ABSTRACT,
  TS_ASYNC,
  TS_AS_EXPRESSION,
  TS_SATISFIES_EXPRESSION,
  TS_PARENTHESIZED_EXPRESSION,
  TS_PAIR,
  TS_SHORTHAND_PROPERTY_IDENTIFIER,
  TS_EXPRESSION_STATEMENT,
  TS_STRING,
  TS_GENERIC_TYPE,
  TS_STATEMENT_BLOCK,
  TS_IF_STATEMENT,
  TS_ELSE_CLAUSE,
  TS_IMPORT_CLAUSE,
  TS_NAMESPACE_IMPORT,
  TS_NAMED_IMPORTS,
  TS_IMPORT_SPECIFIER,
  TS_EXPORT_CLAUSE,
  TS_EXPORT_SPECIFIER,
  TS_NEWLINE,
  // every other type whose name holds `comment` (commentsAbove's test)
  TS_COMMENTISH,
};

enum {
  TF_NONE,
  TF_NAME,
  TF_BODY,
  TF_PARAMETERS,
  TF_PARAMETER,
  TF_RETURN_TYPE,
  TF_VALUE,
  TF_TYPE,
  TF_PATTERN,
  TF_LEFT,
  TF_RIGHT,
  TF_KEY,
  TF_PROPERTY,
  TF_OBJECT,
  TF_FUNCTION,
  TF_CONSTRUCTOR,
  TF_ARGUMENTS,
  TF_SOURCE,
  TF_DECLARATION,
};

#define KIND_INTERFACE 5
#define KIND_ENUM 6
#define KIND_TYPE 7
#define KIND_NAMESPACE 8
#define KIND_CONSTANT 9

#define SITE_IMPLEMENTS 3
#define OP_EXPORTED 5

// an object record's flags (extract.ts's readTypeScript)
#define F_EXPORTED 1
#define F_STATIC 2
#define F_ASYNC 4
#define F_ABSTRACT 8
#define F_MEMBER 16
#define F_FUNCTION 32
#define F_PRIVATE 64
#define F_PROTECTED 128

/** A string: units somewhere in memory, and where the source holds them (-1: built here). */
typedef struct {
  const uint16_t *p;
  int32_t n;
  int32_t at;
} Str;

static const uint16_t DEFAULT_UNITS[] = {'d', 'e', 'f', 'a', 'u', 'l', 't'};
static const uint16_t STAR_UNITS[] = {'*'};
static const Str DEFAULT_NAME = {DEFAULT_UNITS, 7, -1};
static const Str NO_STR = {0, 0, -1};

static int str_eq(const uint16_t *a, int32_t an, const uint16_t *b, int32_t bn) {
  if (an != bn) return 0;
  for (int32_t i = 0; i < an; i++)
    if (a[i] != b[i]) return 0;
  return 1;
}

static int str_is(Str s, const char *word) {
  int32_t i = 0;
  for (; word[i]; i++)
    if (i >= s.n || s.p[i] != (uint16_t)word[i]) return 0;
  return i == s.n;
}

static uint32_t str_hash(const uint16_t *p, int32_t n) {
  uint32_t h = 2166136261u;
  for (int32_t i = 0; i < n; i++) h = (h ^ p[i]) * 16777619u;
  return h | 1u;
}

/** A set of strings (declaredRoots, exportAliases): open addressing, grown at half full. */
typedef struct {
  Str *items;
  uint32_t *hashes;
  uint32_t size;
  uint32_t capacity;
} StrSet;

static int set_has(const StrSet *set, const uint16_t *p, int32_t n) {
  if (!set->capacity) return 0;
  uint32_t h = str_hash(p, n);
  for (uint32_t i = h & (set->capacity - 1);; i = (i + 1) & (set->capacity - 1)) {
    if (set->hashes[i] == 0) return 0;
    if (set->hashes[i] == h && str_eq(set->items[i].p, set->items[i].n, p, n)) return 1;
  }
}

static void set_put(StrSet *set, Str s, uint32_t h) {
  for (uint32_t i = h & (set->capacity - 1);; i = (i + 1) & (set->capacity - 1)) {
    if (set->hashes[i] == 0) {
      set->hashes[i] = h;
      set->items[i] = s;
      set->size++;
      return;
    }
    if (set->hashes[i] == h && str_eq(set->items[i].p, set->items[i].n, s.p, s.n)) return;
  }
}

static void set_add(StrSet *set, Str s) {
  if ((set->size + 1) * 2 > set->capacity) {
    uint32_t capacity = set->capacity ? set->capacity * 2 : 64;
    Str *items = alloc(capacity * sizeof(Str));
    uint32_t *hashes = alloc(capacity * 4);
    if (!items || !hashes) return;
    __builtin_memset(hashes, 0, capacity * 4);
    StrSet grown = {items, hashes, 0, capacity};
    for (uint32_t i = 0; i < set->capacity; i++)
      if (set->hashes[i]) set_put(&grown, set->items[i], set->hashes[i]);
    *set = grown;
  }
  set_put(set, s, str_hash(s.p, s.n));
}

/** A set of source offsets (declaredNames): open addressing on non-negative ints. */
typedef struct {
  int32_t *keys;
  uint32_t size;
  uint32_t capacity;
} IntSet;

static uint32_t int_slot(int32_t key, uint32_t capacity) {
  return ((uint32_t)key * 2654435761u) & (capacity - 1);
}

static int int_has(const IntSet *set, int32_t key) {
  if (!set->capacity) return 0;
  for (uint32_t i = int_slot(key, set->capacity);; i = (i + 1) & (set->capacity - 1)) {
    if (set->keys[i] == -1) return 0;
    if (set->keys[i] == key) return 1;
  }
}

static void int_add(IntSet *set, int32_t key) {
  if ((set->size + 1) * 2 > set->capacity) {
    uint32_t capacity = set->capacity ? set->capacity * 2 : 64;
    int32_t *keys = alloc(capacity * 4);
    if (!keys) return;
    for (uint32_t i = 0; i < capacity; i++) keys[i] = -1;
    IntSet grown = {keys, 0, capacity};
    for (uint32_t i = 0; i < set->capacity; i++)
      if (set->keys[i] != -1) int_add(&grown, set->keys[i]);
    *set = grown;
  }
  for (uint32_t i = int_slot(key, set->capacity);; i = (i + 1) & (set->capacity - 1)) {
    if (set->keys[i] == key) return;
    if (set->keys[i] == -1) {
      set->keys[i] = key;
      set->size++;
      return;
    }
  }
}

/** A member of an exported constant's object literal (LiteralMember of typescript.ts). */
typedef struct {
  int32_t set;
  int32_t parent;
  int32_t name_start;
  int32_t name_length;
  int32_t pair;
} Literal;

/** What a property assignment says that its syntax alone does not (Placement). */
typedef struct {
  int has_prefix;
  int32_t prefix_start;
  int32_t prefix_length;
  int has_exported;
  int exported;
  int has_static;
  int is_static;
  // the variable a function hangs on when no object holds it (placedByRoot), or NO_STR
  Str root;
} Placement;

typedef struct {
  Out o;
  int32_t *previous;
  uint8_t *export_value;
  Literal *literals;
  // per object: kind, whether exported, and its qualified name in `names`
  Ints kinds;
  Ints exported;
  Ints name_start;
  Ints name_length;
  Units names;
  StrSet roots;
  StrSet aliases;
  IntSet declared_names;
} TypeScript;

static inline int code_of(const Tree *t, int32_t node) { return node < 0 ? TS_NONE : code(t, node); }
static inline int32_t end_row(const Tree *t, int32_t node) { return slot(t, node, 6); }

static Str text_of(const Tree *t, int32_t node) {
  int32_t start = start_of(t, node), end = end_of(t, node);
  Str s = {t->source + start, end > start ? end - start : 0, start};
  return s;
}

static Str slice_of(const Tree *t, int32_t start, int32_t end) {
  Str s = {t->source + start, end > start ? end - start : 0, start};
  return s;
}

/** A string into the records: a slice of the source, or its units written to the pool. */
static void put_str(Out *o, Str s) {
  if (!s.p) {
    put_none(o);
    return;
  }
  if (s.at >= 0) {
    put_slice(o, s.at, s.at + s.n);
    return;
  }
  begin(o);
  for (int32_t i = 0; i < s.n; i++) add(o, s.p[i], -1);
  finish(o);
}

static int is_function_value(int type) {
  return type == TS_ARROW_FUNCTION || type == TS_FUNCTION_EXPRESSION || type == TS_FUNCTION ||
         type == TS_GENERATOR_FUNCTION;
}
static int is_method(int type) {
  return type == TS_METHOD_DEFINITION || type == TS_METHOD_SIGNATURE ||
         type == TS_ABSTRACT_METHOD_SIGNATURE;
}
static int is_function(int type) {
  return type == TS_FUNCTION_DECLARATION || type == TS_GENERATOR_FUNCTION_DECLARATION ||
         type == TS_FUNCTION_SIGNATURE;
}
static int is_class(int type) {
  return type == TS_CLASS_DECLARATION || type == TS_ABSTRACT_CLASS_DECLARATION;
}
static int is_scope(int type) {
  return is_function(type) || is_method(type) || is_function_value(type) || is_class(type) ||
         type == TS_CLASS;
}
static int is_comment(int type) { return type == TS_COMMENT || type == TS_COMMENTISH; }

/** The first named child of the given type, or -1. */
static int32_t named_child_of(const Tree *t, int32_t node, int type) {
  for (int32_t at = node + 1, stop = t->end[node]; at < stop; at = t->end[at])
    if (named(t, at) && code(t, at) == type) return at;
  return -1;
}

/** The source's [start, end) without one leading and one trailing quote (/^['"]|['"]$/g). */
static Str unquoted(const Tree *t, int32_t start, int32_t end) {
  const uint16_t *s = t->source;
  if (start < end && (s[start] == '\'' || s[start] == '"')) start++;
  if (start < end && (s[end - 1] == '\'' || s[end - 1] == '"')) end--;
  return slice_of(t, start, end);
}

/** isExported: under an export statement, through declarations and `declare`. */
static int ts_is_exported(const Tree *t, int32_t node) {
  for (int32_t p = parent_of(t, node); p >= 0; p = parent_of(t, p)) {
    int type = code(t, p);
    if (type == TS_EXPORT_STATEMENT) return 1;
    if (type != TS_LEXICAL_DECLARATION && type != TS_VARIABLE_DECLARATION &&
        type != TS_AMBIENT_DECLARATION)
      return 0;
  }
  return 0;
}

/**
 * readDoc: the nearest doc comment (opening with two stars) directly above the declaration (outside `export` and
 * `declare`), decorators stepped over; -1 when there is none (commentsAbove of nodes.ts).
 */
static int32_t ts_doc(TypeScript *ts, int32_t node) {
  const Tree *t = ts->o.tree;
  const uint16_t *s = t->source;
  int32_t outer = node;
  for (int32_t p = parent_of(t, outer);
       p >= 0 && (code(t, p) == TS_EXPORT_STATEMENT || code(t, p) == TS_AMBIENT_DECLARATION);
       p = parent_of(t, p))
    outer = p;
  int32_t sibling = ts->previous[outer];
  while (sibling >= 0) {
    int type = code(t, sibling);
    if (type == TS_DECORATOR) {
      sibling = ts->previous[sibling];
      continue;
    }
    if (!is_comment(type)) break;
    // a comment at the end of a line of code is that line's, not a doc
    int32_t before = ts->previous[sibling];
    if (before >= 0 && !is_comment(code(t, before)) && code(t, before) != TS_NEWLINE &&
        end_row(t, before) == start_row(t, sibling))
      break;
    int32_t start = start_of(t, sibling), end = end_of(t, sibling);
    if (end - start >= 3 && s[start] == '/' && s[start + 1] == '*' && s[start + 2] == '*' &&
        !text_is(t, start, end, "/**/"))
      return sibling;
    sibling = before;
  }
  return -1;
}

/** decoratorsOf: the export statement's, those just before the node, then its own; count first. */
static void ts_decorators(TypeScript *ts, int32_t node) {
  const Tree *t = ts->o.tree;
  Out *o = &ts->o;
  uint32_t count_at = o->out.size;
  push(&o->out, 0);
  int32_t count = 0;
  int32_t parent = parent_of(t, node);
  if (parent >= 0 && code(t, parent) == TS_EXPORT_STATEMENT)
    for (int32_t at = parent + 1, stop = t->end[parent]; at < stop; at = t->end[at])
      if (code(t, at) == TS_DECORATOR) {
        put_collapsed(o, start_of(t, at), end_of(t, at), 0);
        count++;
      }
  int32_t first = node, before = 0;
  while (ts->previous[first] >= 0 && code(t, ts->previous[first]) == TS_DECORATOR) {
    first = ts->previous[first];
    before++;
  }
  for (int32_t at = first; before > 0; before--, at = t->end[at]) {
    put_collapsed(o, start_of(t, at), end_of(t, at), 0);
    count++;
  }
  for (int32_t at = node + 1, stop = t->end[node]; at < stop; at = t->end[at])
    if (code(t, at) == TS_DECORATOR) {
      put_collapsed(o, start_of(t, at), end_of(t, at), 0);
      count++;
    }
  o->out.data[count_at] = count;
}

/** readParameters: count, then (name, type, default, rest, optional) each. */
static int32_t ts_parameters(TypeScript *ts, int32_t list) {
  const Tree *t = ts->o.tree;
  Out *o = &ts->o;
  int32_t count = 0;
  if (list < 0) return 0;
  for (int32_t p = list + 1, stop = t->end[list]; p < stop; p = t->end[p]) {
    if (!named(t, p)) continue;
    int kind = code(t, p);
    if (kind == TS_COMMENT || kind == TS_DECORATOR) continue;
    int32_t pattern = p, type = -1, value = -1;
    int optional = kind == TS_OPTIONAL_PARAMETER || has_child_of(t, p, TS_QUESTION);
    if (kind == TS_REQUIRED_PARAMETER || kind == TS_OPTIONAL_PARAMETER) {
      pattern = field_child(t, p, TF_PATTERN);
      type = field_child(t, p, TF_TYPE);
      value = field_child(t, p, TF_VALUE);
    } else if (kind == TS_ASSIGNMENT_PATTERN) {
      pattern = field_child(t, p, TF_LEFT);
      value = field_child(t, p, TF_RIGHT);
    }
    if (pattern < 0) continue;
    int rest = code(t, pattern) == TS_REST_PATTERN;
    int32_t name_start = start_of(t, pattern), name_end = end_of(t, pattern);
    if (rest && name_end - name_start >= 3 && t->source[name_start] == '.' &&
        t->source[name_start + 1] == '.' && t->source[name_start + 2] == '.') {
      // .replace(/^\.\.\.\s*/, '')
      name_start += 3;
      while (name_start < name_end && is_space(t->source[name_start])) name_start++;
    }
    put_slice(o, name_start, name_end);
    put_type(o, type);
    put_text(o, value);
    push(&o->out, rest);
    push(&o->out, optional || value >= 0);
    count++;
  }
  return count;
}

/** visibility's flags: an accessibility modifier, or a `#private` name. */
static int ts_visibility(const Tree *t, int32_t node) {
  for (int32_t at = node + 1, stop = t->end[node]; at < stop; at = t->end[at]) {
    if (code(t, at) != TS_ACCESSIBILITY_MODIFIER) continue;
    int32_t start = start_of(t, at), end = end_of(t, at);
    if (text_is(t, start, end, "private")) return F_PRIVATE;
    if (text_is(t, start, end, "protected")) return F_PROTECTED;
    if (text_is(t, start, end, "public")) return 0;
    break;
  }
  return code_of(t, field_child(t, node, TF_NAME)) == TS_PRIVATE_PROPERTY_IDENTIFIER ? F_PRIVATE
                                                                                      : 0;
}

/** The qualified name of object `number` as a string. */
static Str qualified_name(const TypeScript *ts, int32_t number) {
  Str s = {ts->names.data + ts->name_start.data[number], ts->name_length.data[number], -1};
  return s;
}

/** Appends units to the qualified names (which stay where they are written). */
static void name_units(TypeScript *ts, const uint16_t *p, int32_t n) {
  for (int32_t i = 0; i < n; i++) push_unit(&ts->names, p[i]);
}

/**
 * Writes an object record's head (kind, range, parent, name, prefix) and registers the object:
 * its kind, whether it is exported and its qualified name (addObjectAt's). Returns its number.
 */
static int32_t ts_object(TypeScript *ts, int kind, int32_t node, int32_t parent, Str name,
                         const Placement *placement, int exported) {
  Out *o = &ts->o;
  int32_t number = (int32_t)ts->kinds.size;
  push(&ts->kinds, kind);
  push(&ts->exported, exported);
  push(&o->out, OP_OBJECT);
  push(&o->out, kind);
  put_range(o, node);
  push(&o->out, parent);
  note_object(o, node, parent, kind == KIND_MODULE);
  put_str(o, name);
  // the scope: the prefix, or the parent's qualified name
  int32_t scope_start = 0, scope_length = 0;
  if (placement && placement->has_prefix) {
    scope_start = placement->prefix_start;
    scope_length = placement->prefix_length;
    Str prefix = {ts->names.data + scope_start, scope_length, -1};
    put_str(o, prefix);
  } else {
    put_none(o);
    if (parent >= 0) {
      scope_start = ts->name_start.data[parent];
      scope_length = ts->name_length.data[parent];
    }
  }
  int32_t start = (int32_t)ts->names.size;
  if (scope_length > 0) {
    // (copied unit by unit: the names' block may move while it grows, the old one stays)
    const uint16_t *scope = ts->names.data + scope_start;
    for (int32_t i = 0; i < scope_length; i++) push_unit(&ts->names, scope[i]);
    push_unit(&ts->names, '.');
  }
  name_units(ts, name.p, name.n);
  push(&ts->name_start, start);
  push(&ts->name_length, (int32_t)ts->names.size - start);
  return number;
}

/** The object's tail after its signature: decorators, parameters, doc and root (none here). */
static void ts_plain_tail(TypeScript *ts, int32_t decorated, int32_t doc) {
  Out *o = &ts->o;
  if (decorated >= 0) ts_decorators(ts, decorated);
  else push(&o->out, 0);
  push(&o->out, 0);
  if (doc >= 0) put_text(o, doc);
  else put_none(o);
  put_none(o);
}

/** functionObject: a function, method or constructor declared by `decl` with the function `fn`. */
static int32_t ts_function(TypeScript *ts, int32_t decl, int32_t fn, int32_t parent, int kind,
                           Str name, int member, const Placement *placement) {
  const Tree *t = ts->o.tree;
  Out *o = &ts->o;
  int32_t body = field_child(t, fn, TF_BODY);
  int decl_type = code(t, decl);
  int32_t doc_node = decl;
  if (decl_type == TS_VARIABLE_DECLARATOR || decl_type == TS_ASSIGNMENT_EXPRESSION) {
    int32_t above = parent_of(t, decl);
    if (above >= 0) doc_node = above;
  }
  int exported = placement && placement->has_exported ? placement->exported
                 : member                             ? 0
                                                      : ts_is_exported(t, decl);
  int is_static = placement && placement->has_static ? placement->is_static
                                                     : has_child_of(t, decl, TS_STATIC);
  int flags = F_FUNCTION | (exported ? F_EXPORTED : 0) | (is_static ? F_STATIC : 0) |
              (has_child_of(t, fn, TS_ASYNC) ? F_ASYNC : 0) |
              (decl_type == TS_ABSTRACT_METHOD_SIGNATURE || has_child_of(t, decl, TS_ABSTRACT)
                   ? F_ABSTRACT
                   : 0);
  if (member) flags |= F_MEMBER | ts_visibility(t, decl);
  int32_t number = ts_object(ts, kind, decl, parent, name, placement, exported);
  put_signature(o, decl, body, decl != fn);
  note_signature(o);
  put_type(o, field_child(t, fn, TF_RETURN_TYPE));
  push(&o->out, flags);
  if (member || decl_type != TS_VARIABLE_DECLARATOR) ts_decorators(ts, decl);
  else push(&o->out, 0);
  uint32_t count_at = o->out.size;
  push(&o->out, 0);
  int32_t count = ts_parameters(ts, field_child(t, fn, TF_PARAMETERS));
  int32_t single = field_child(t, fn, TF_PARAMETER);
  if (single >= 0 && count == 0) {
    put_text(o, single);
    put_none(o);
    put_none(o);
    push(&o->out, 0);
    push(&o->out, 0);
    count = 1;
  }
  o->out.data[count_at] = count;
  int32_t doc = ts_doc(ts, doc_node);
  if (doc >= 0) put_text(o, doc);
  else put_none(o);
  put_str(o, placement ? placement->root : NO_STR);
  return number;
}

/** literalFunction: a literal's function, a method of its constant or class, or exported. */
static int32_t ts_literal_function(TypeScript *ts, int32_t decl, int32_t fn, const Literal *lit) {
  const Tree *t = ts->o.tree;
  Str name = slice_of(t, lit->name_start, lit->name_start + lit->name_length);
  if (lit->parent >= 0)
    return ts_function(ts, decl, fn, lit->parent, KIND_METHOD, name, 1, 0);
  Placement exported = {0, 0, 0, 1, 1, 0, 0, NO_STR};
  return ts_function(ts, decl, fn, -1, KIND_FUNCTION, name, 0, &exported);
}

static const Literal *literal_of(const TypeScript *ts, int32_t node) {
  return ts->literals && ts->literals[node].set ? &ts->literals[node] : 0;
}

/** noteLiteralMembers: the functions of an object literal, by their method or value node. */
static void ts_note_literal(TypeScript *ts, int32_t literal, int32_t constant) {
  const Tree *t = ts->o.tree;
  if (!ts->literals) {
    ts->literals = alloc((uint32_t)t->count * sizeof(Literal));
    if (!ts->literals) return;
    __builtin_memset(ts->literals, 0, (uint32_t)t->count * sizeof(Literal));
  }
  for (int32_t member = literal + 1, stop = t->end[literal]; member < stop;
       member = t->end[member]) {
    if (!named(t, member)) continue;
    int type = code(t, member);
    int32_t key = field_child(t, member, type == TS_PAIR ? TF_KEY : TF_NAME);
    if (key < 0) continue;
    Str name = unquoted(t, start_of(t, key), end_of(t, key));
    Literal lit = {1, constant, name.at, name.n, -1};
    if (type == TS_METHOD_DEFINITION) ts->literals[member] = lit;
    else if (type == TS_PAIR) {
      int32_t value = field_child(t, member, TF_VALUE);
      if (value >= 0 && is_function_value(code(t, value))) {
        lit.pair = member;
        ts->literals[value] = lit;
      }
    }
  }
}

/** declareFunction. */
static int32_t ts_declare_function(TypeScript *ts, int32_t node, int type, const Scope *scope) {
  const Tree *t = ts->o.tree;
  const Literal *lit = literal_of(ts, node);
  if (lit) return ts_literal_function(ts, node, node, lit);
  // members of other object literals and of class expressions are anonymous forms
  int32_t holder = parent_of(t, node);
  if (is_method(type) && holder >= 0) {
    int holder_type = code(t, holder);
    if (holder_type == TS_OBJECT ||
        (holder_type == TS_OBJECT_TYPE
             ? code_of(t, parent_of(t, holder)) != TS_INTERFACE_DECLARATION
             : code_of(t, parent_of(t, holder)) == TS_CLASS))
      return -1;
  }
  int32_t name_node = field_child(t, node, TF_NAME);
  Str name = NO_STR;
  if (name_node >= 0) name = text_of(t, name_node);
  else if (holder >= 0 && code(t, holder) == TS_EXPORT_STATEMENT) name = DEFAULT_NAME;
  if (name.n == 0) return -1;
  int member = is_method(type);
  if (!member) set_add(&ts->roots, name);
  int kind = !member ? KIND_FUNCTION : str_is(name, "constructor") ? KIND_CONSTRUCTOR : KIND_METHOD;
  return ts_function(ts, node, node, scope->parent, kind, name, member, 0);
}

/** declareType: a class, interface, enum or type alias. */
static int32_t ts_declare_type(TypeScript *ts, int32_t node, int type, const Scope *scope) {
  const Tree *t = ts->o.tree;
  Out *o = &ts->o;
  int32_t name_node = field_child(t, node, TF_NAME);
  Str name = NO_STR;
  if (name_node >= 0) name = text_of(t, name_node);
  else if (code_of(t, parent_of(t, node)) == TS_EXPORT_STATEMENT) name = DEFAULT_NAME;
  if (name.n == 0) return -1;
  set_add(&ts->roots, name);
  int kind = is_class(type)                       ? KIND_CLASS
             : type == TS_INTERFACE_DECLARATION ? KIND_INTERFACE
             : type == TS_ENUM_DECLARATION      ? KIND_ENUM
                                                : KIND_TYPE;
  int exported = ts_is_exported(t, node);
  int32_t number = ts_object(ts, kind, node, scope->parent, name, 0, exported);
  if (kind == KIND_TYPE) {
    // collapsedPrefix(text, 300)
    begin(o);
    const uint16_t *s = t->source;
    for (int32_t i = start_of(t, node), end = end_of(t, node); i < end && built_length(o) < 300;) {
      if (is_space(s[i])) {
        int32_t run = i;
        while (i < end && is_space(s[i])) i++;
        add(o, ' ', i - run == 1 ? run : -1);
        continue;
      }
      add(o, s[i], i);
      i++;
    }
    finish(o);
  } else put_signature(o, node, field_child(t, node, TF_BODY), 0);
  note_signature(o);
  put_none(o);
  push(&o->out, (exported ? F_EXPORTED : 0) | (type == TS_ABSTRACT_CLASS_DECLARATION ? F_ABSTRACT : 0));
  ts_plain_tail(ts, node, ts_doc(ts, node));
  return number;
}

/** declareNamespace: `namespace a.b {}` or `declare module 'x' {}`. */
static int32_t ts_declare_namespace(TypeScript *ts, int32_t node, int type, const Scope *scope) {
  const Tree *t = ts->o.tree;
  Out *o = &ts->o;
  int32_t name_node = field_child(t, node, TF_NAME);
  if (name_node < 0 || end_of(t, name_node) <= start_of(t, name_node)) return -1;
  Str name = unquoted(t, start_of(t, name_node), end_of(t, name_node));
  int exported = ts_is_exported(t, node);
  int32_t number = ts_object(ts, type == TS_MODULE ? KIND_MODULE : KIND_NAMESPACE, node,
                             scope->parent, name, 0, exported);
  put_signature(o, node, field_child(t, node, TF_BODY), 0);
  note_signature(o);
  put_none(o);
  push(&o->out, exported ? F_EXPORTED : 0);
  ts_plain_tail(ts, -1, ts_doc(ts, node));
  return number;
}

/** declareValue: a function or class value, a literal's member or a default export. */
static int32_t ts_declare_value(TypeScript *ts, int32_t node, int type, const Scope *scope) {
  const Tree *t = ts->o.tree;
  Out *o = &ts->o;
  if (is_function_value(type)) {
    const Literal *lit = literal_of(ts, node);
    if (lit && lit->pair >= 0) return ts_literal_function(ts, lit->pair, node, lit);
  }
  if (!ts->export_value[node]) return -1;
  if (type == TS_FUNCTION_EXPRESSION || type == TS_FUNCTION || type == TS_GENERATOR_FUNCTION)
    return ts_function(ts, node, node, scope->parent, KIND_FUNCTION, DEFAULT_NAME, 0, 0);
  if (type != TS_CLASS) return -1;
  int32_t number = ts_object(ts, KIND_CLASS, node, scope->parent, DEFAULT_NAME, 0, 1);
  put_signature(o, node, field_child(t, node, TF_BODY), 0);
  note_signature(o);
  put_none(o);
  push(&o->out, F_EXPORTED);
  ts_plain_tail(ts, node, ts_doc(ts, node));
  return number;
}

/** A declarator's name from the tree: its identifier, or NO_STR for a pattern. */
static Str declarator_name(const Tree *t, int32_t node) {
  int32_t name = field_child(t, node, TF_NAME);
  return code_of(t, name) == TS_IDENTIFIER ? text_of(t, name) : NO_STR;
}

/** Whether the source at `at` reads `word`. */
static int reads(const Tree *t, int32_t at, int32_t end, const char *word) {
  for (int32_t i = 0; word[i]; i++)
    if (at + i >= end || t->source[at + i] != (uint16_t)word[i]) return 0;
  return 1;
}

static int ident_start(uint16_t c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$';
}
static int ident_part(uint16_t c) { return ident_start(c) || (c >= '0' && c <= '9'); }

/**
 * assignsExports (`dots` 0) and chainExports (`dots` 1) of property-functions.ts over the
 * source's [at, end): names (dotted, for chains) each followed by `=`, then the exports object
 * assigned (a property of it too, for chains).
 */
static int assigns_exports(const Tree *t, int32_t at, int32_t end, int dots) {
  const uint16_t *s = t->source;
  for (;;) {
    // the assignment of the exports object here?
    int32_t q = at;
    if (reads(t, q, end, "module.exports")) q += 7;
    if (reads(t, q, end, "exports")) {
      q += 7;
      if (dots && q + 1 < end && s[q] == '.' && ident_start(s[q + 1])) {
        q += 2;
        while (q < end && ident_part(s[q])) q++;
      }
      while (q < end && is_space(s[q])) q++;
      if (q < end && s[q] == '=' && (!dots || q + 1 >= end || s[q + 1] != '=')) return 1;
    }
    // else one more `name =`
    if (at >= end || !ident_start(s[at])) return 0;
    at++;
    while (at < end && (ident_part(s[at]) || (dots && s[at] == '.'))) at++;
    while (at < end && is_space(s[at])) at++;
    if (at >= end || s[at] != '=') return 0;
    at++;
    while (at < end && is_space(s[at])) at++;
  }
}

/** The object literal a value is, also under `as`, `satisfies` or parentheses; or -1. */
static int32_t object_literal_of(const Tree *t, int32_t node) {
  while (node >= 0) {
    int type = code(t, node);
    if (type != TS_AS_EXPRESSION && type != TS_SATISFIES_EXPRESSION &&
        type != TS_PARENTHESIZED_EXPRESSION)
      break;
    node = named_child(t, node, 0);
  }
  return code_of(t, node) == TS_OBJECT ? node : -1;
}

/** declareVariable: `const f = () => …`, `var app = exports = module.exports = {}`, a constant. */
static int32_t ts_declare_variable(TypeScript *ts, int32_t node, const Scope *scope) {
  const Tree *t = ts->o.tree;
  Out *o = &ts->o;
  int32_t leading = identifier_end(t, start_of(t, node), 0);
  Str name = leading >= 0 ? slice_of(t, start_of(t, node), leading) : declarator_name(t, node);
  if (!name.p) return -1;
  set_add(&ts->roots, name);
  int32_t value = field_child(t, node, TF_VALUE);
  int value_type = code_of(t, value);
  if (value >= 0 && is_function_value(value_type))
    return ts_function(ts, node, value, scope->parent, KIND_FUNCTION, name, 0, 0);
  if (value >= 0 && value_type == TS_ASSIGNMENT_EXPRESSION) {
    int32_t start = start_of(t, value), end = end_of(t, value);
    if (assigns_exports(t, start, end, 0)) set_add(&ts->aliases, name);
    int32_t last = value;
    while (last >= 0 && code(t, last) == TS_ASSIGNMENT_EXPRESSION)
      last = field_child(t, last, TF_RIGHT);
    if (last >= 0 && is_function_value(code(t, last))) {
      Placement placement = {0, 0, 0, 1, 0, 0, 0, NO_STR};
      placement.exported = assigns_exports(t, start, end, 1) || ts_is_exported(t, node);
      return ts_function(ts, node, last, scope->parent, KIND_FUNCTION, name, 0, &placement);
    }
  }
  int top_level = scope->owner < 0 && (scope->parent < 0 ||
                                       ts->kinds.data[scope->parent] == KIND_NAMESPACE ||
                                       ts->kinds.data[scope->parent] == KIND_MODULE);
  if (!top_level) return -1;
  int32_t declaration = parent_of(t, node);
  int is_const = declaration >= 0 && code(t, declaration) == TS_LEXICAL_DECLARATION &&
                 declaration + 1 < t->end[declaration] && code(t, declaration + 1) == TS_CONST;
  if (!is_const || !ts_is_exported(t, node)) return -1;
  int32_t doc = ts_doc(ts, declaration);
  int32_t type_node = field_child(t, node, TF_TYPE);
  int32_t number = ts_object(ts, KIND_CONSTANT, node, scope->parent, name, 0, 1);
  // `const ${name}${type text}`
  begin(o);
  const char *head = "const ";
  for (int i = 0; head[i]; i++) add(o, (uint16_t)head[i], -1);
  for (int32_t i = 0; i < name.n; i++) add(o, name.p[i], name.at + i);
  if (type_node >= 0)
    for (int32_t i = start_of(t, type_node), end = end_of(t, type_node); i < end; i++)
      add(o, t->source[i], i);
  finish(o);
  note_signature(o);
  put_type(o, type_node);
  push(&o->out, F_EXPORTED);
  ts_plain_tail(ts, -1, doc);
  int32_t literal = object_literal_of(t, value);
  if (literal >= 0) ts_note_literal(ts, literal, number);
  return number;
}

/** declareField: a class field holding a function (`handle = () => {}`), a method. */
static int32_t ts_declare_field(TypeScript *ts, int32_t node, const Scope *scope) {
  const Tree *t = ts->o.tree;
  int32_t class_body = parent_of(t, node);
  if (class_body >= 0 && code_of(t, parent_of(t, class_body)) == TS_CLASS) return -1;
  int32_t value = field_child(t, node, TF_VALUE);
  int32_t name_node = field_child(t, node, TF_NAME);
  if (name_node < 0) name_node = field_child(t, node, TF_PROPERTY);
  if (value < 0 || name_node < 0 || end_of(t, name_node) <= start_of(t, name_node) ||
      !is_function_value(code(t, value)))
    return -1;
  return ts_function(ts, node, value, scope->parent, KIND_METHOD, text_of(t, name_node), 1, 0);
}

/** Whether an object of `kind` may hold property-assigned functions (CONTAINERS). */
static int is_container(int kind) {
  return kind == KIND_CLASS || kind == KIND_FUNCTION || kind == KIND_CONSTANT ||
         kind == KIND_METHOD || kind == KIND_NAMESPACE;
}

/**
 * containerObject: the object whose qualified name is `path` (a dotted slice of the source), one
 * declared in the scope of `parent` (named `parent.path`) first; -1 when none.
 */
static int32_t ts_container(const TypeScript *ts, Str path, int32_t parent) {
  Str scope = parent >= 0 ? qualified_name(ts, parent) : NO_STR;
  int32_t found = -1;
  for (uint32_t i = 0; i < ts->kinds.size; i++) {
    if (!is_container(ts->kinds.data[i])) continue;
    Str name = qualified_name(ts, (int32_t)i);
    if (parent >= 0) {
      if (name.n == scope.n + 1 + path.n && str_eq(name.p, scope.n, scope.p, scope.n) &&
          name.p[scope.n] == '.' && str_eq(name.p + scope.n + 1, path.n, path.p, path.n))
        return (int32_t)i;
    } else if (str_eq(name.p, name.n, path.p, path.n))
      return (int32_t)i;
    if (str_eq(name.p, name.n, path.p, path.n)) found = (int32_t)i;
  }
  return found;
}

/**
 * The dotted segments of the source's [start, end) (`a.b.c`, identifiers without `#`), as
 * start/end pairs into `segments`; their count, or 0 when the text is not such a path.
 */
static int32_t dotted_segments(const Tree *t, int32_t start, int32_t end, int32_t **segments) {
  const uint16_t *s = t->source;
  int32_t count = 1;
  for (int32_t i = start; i < end; i++)
    if (s[i] == '.') count++;
  int32_t *out = alloc((uint32_t)count * 8);
  if (!out) return 0;
  int32_t n = 0;
  for (int32_t at = start;;) {
    if (at >= end || !ident_start(s[at])) return 0;
    int32_t segment = at++;
    while (at < end && ident_part(s[at])) at++;
    out[2 * n] = segment;
    out[2 * n + 1] = at;
    n++;
    if (at == end) break;
    if (s[at] != '.') return 0;
    at++;
  }
  *segments = out;
  return n;
}

static int segment_is(const Tree *t, const int32_t *segments, int32_t i, const char *word) {
  return text_is(t, segments[2 * i], segments[2 * i + 1], word);
}

/** noteAssignedLiteral: `View.prototype = { … }` and `module.exports = { … }`. */
static void ts_assigned_literal(TypeScript *ts, int32_t left, int32_t literal, const Scope *scope) {
  const Tree *t = ts->o.tree;
  int32_t start = start_of(t, left), end = end_of(t, left);
  if (text_is(t, start, end, "module.exports")) {
    ts_note_literal(ts, literal, -1);
    return;
  }
  int32_t *segments = 0;
  int32_t n = dotted_segments(t, start, end, &segments);
  if (n < 2 || !segment_is(t, segments, n - 1, "prototype")) return;
  int32_t container = ts_container(ts, slice_of(t, start, segments[2 * (n - 2) + 1]), scope->parent);
  if (container >= 0) ts_note_literal(ts, literal, container);
}

/**
 * declareAssignment: `View.prototype.render = function () {}`, `app.use = function use() {}`,
 * `exports.f = () => {}` (propertyTarget of property-functions.ts decides what the left declares).
 */
static int32_t ts_declare_assignment(TypeScript *ts, int32_t node, const Scope *scope) {
  const Tree *t = ts->o.tree;
  int32_t right = field_child(t, node, TF_RIGHT);
  int right_type = code_of(t, right);
  if (right < 0 || (right_type != TS_OBJECT && !is_function_value(right_type))) return -1;
  int32_t left = field_child(t, node, TF_LEFT);
  if (code_of(t, left) != TS_MEMBER_EXPRESSION) return -1;
  if (right_type == TS_OBJECT) {
    ts_assigned_literal(ts, left, right, scope);
    return -1;
  }
  // propertyTarget
  int32_t *segments = 0;
  int32_t n = dotted_segments(t, start_of(t, left), end_of(t, left), &segments);
  if (n < 2 || segment_is(t, segments, n - 1, "prototype")) return -1;
  Str name = slice_of(t, segments[2 * (n - 1)], segments[2 * (n - 1) + 1]);
  int32_t first = 0, last = n - 1;
  int exported = 0;
  Str root = slice_of(t, segments[0], segments[1]);
  if (segment_is(t, segments, 0, "module") && n - 1 >= 2 && segment_is(t, segments, 1, "exports")) {
    first = 2;
    exported = 1;
  } else if (segment_is(t, segments, 0, "exports")) {
    first = 1;
    exported = 1;
  } else if (set_has(&ts->aliases, root.p, root.n)) {
    exported = 1;
  } else if (!set_has(&ts->roots, root.p, root.n)) {
    return -1;
  }
  int prototype = last > first && segment_is(t, segments, last - 1, "prototype");
  if (prototype) last--;
  for (int32_t i = first; i < last; i++)
    if (segment_is(t, segments, i, "prototype")) return -1;
  if (prototype && last == first) return -1;
  // `var parse = exports.parse = function () {}` is declared once, by its declarator
  int32_t top = parent_of(t, node);
  while (top >= 0 && code(t, top) == TS_ASSIGNMENT_EXPRESSION) top = parent_of(t, top);
  if (top >= 0 && code(t, top) == TS_VARIABLE_DECLARATOR) return -1;
  if (last == first) {
    Placement placement = {0, 0, 0, 1, 1, 0, 0, NO_STR};
    return ts_function(ts, node, right, scope->parent, KIND_FUNCTION, name, 0, &placement);
  }
  Str path = slice_of(t, segments[2 * first], segments[2 * (last - 1) + 1]);
  Str container_root = slice_of(t, segments[2 * first], segments[2 * first + 1]);
  int32_t container = ts_container(ts, path, scope->parent);
  if (!exported && container >= 0) exported = ts->exported.data[container];
  if (!exported) exported = set_has(&ts->aliases, container_root.p, container_root.n);
  int container_kind = container >= 0 ? ts->kinds.data[container] : -1;
  Placement placement = {0, 0, 0, 1, exported, 1, 0, NO_STR};
  placement.is_static =
      !prototype && (container_kind == KIND_CLASS || container_kind == KIND_FUNCTION);
  if (container < 0) {
    // the prefix: `${scope.parent.qualifiedName}.${path}` or the path
    placement.has_prefix = 1;
    placement.prefix_start = (int32_t)ts->names.size;
    if (scope->parent >= 0) {
      Str scope_name = qualified_name(ts, scope->parent);
      int32_t from = ts->name_start.data[scope->parent];
      for (int32_t i = 0; i < scope_name.n; i++) push_unit(&ts->names, ts->names.data[from + i]);
      push_unit(&ts->names, '.');
    }
    name_units(ts, path.p, path.n);
    placement.prefix_length = (int32_t)ts->names.size - placement.prefix_start;
    if (!exported) placement.root = container_root;
  }
  return ts_function(ts, node, right, container >= 0 ? container : scope->parent, KIND_METHOD,
                     name, 1, &placement);
}

/** declare: the object a visited node declares, its number, or -1. */
static int32_t ts_declare(TypeScript *ts, int32_t node, int type, const Scope *scope) {
  if (is_function(type) || is_method(type)) return ts_declare_function(ts, node, type, scope);
  if (is_class(type) || type == TS_INTERFACE_DECLARATION || type == TS_ENUM_DECLARATION ||
      type == TS_TYPE_ALIAS_DECLARATION)
    return ts_declare_type(ts, node, type, scope);
  if (type == TS_INTERNAL_MODULE || type == TS_MODULE)
    return ts_declare_namespace(ts, node, type, scope);
  if (is_function_value(type) || type == TS_CLASS) {
    int32_t value = ts_declare_value(ts, node, type, scope);
    if (value >= 0) return value;
  }
  if (type == TS_VARIABLE_DECLARATOR) return ts_declare_variable(ts, node, scope);
  if (type == TS_ASSIGNMENT_EXPRESSION) return ts_declare_assignment(ts, node, scope);
  if (type == TS_PUBLIC_FIELD_DEFINITION || type == TS_FIELD_DEFINITION)
    return ts_declare_field(ts, node, scope);
  return -1;
}

static void put_exported(Out *o, Str name) {
  push(&o->out, OP_EXPORTED);
  put_str(o, name);
}

/** An export statement: the value it exports by default, or the local names it exports. */
static void ts_export(TypeScript *ts, int32_t node) {
  const Tree *t = ts->o.tree;
  Out *o = &ts->o;
  int32_t value = field_child(t, node, TF_VALUE);
  if (value >= 0) {
    ts->export_value[value] = 1;
    // `export default helper;`
    if (code(t, value) == TS_IDENTIFIER) put_exported(o, text_of(t, value));
    return;
  }
  if (field_child(t, node, TF_DECLARATION) >= 0 || field_child(t, node, TF_SOURCE) >= 0) return;
  // `export { helper, parse as read };`
  int32_t clause = named_child_of(t, node, TS_EXPORT_CLAUSE);
  if (clause < 0) return;
  for (int32_t spec = clause + 1, stop = t->end[clause]; spec < stop; spec = t->end[spec]) {
    if (!named(t, spec) || code(t, spec) != TS_EXPORT_SPECIFIER) continue;
    int32_t local = field_child(t, spec, TF_NAME);
    if (local >= 0 && end_of(t, local) > start_of(t, local)) put_exported(o, text_of(t, local));
  }
}

/** recordCall: a call site, or the import a `require('x')` is. */
static void ts_call(TypeScript *ts, int32_t node, int32_t owner) {
  const Tree *t = ts->o.tree;
  Out *o = &ts->o;
  int32_t fn = field_child(t, node, TF_FUNCTION);
  if (fn < 0) return;
  int require = text_is(t, start_of(t, fn), end_of(t, fn), "require");
  if (!require && dotted_call(o, fn, owner)) return;
  int type = code(t, fn);
  if (type == TS_IDENTIFIER) {
    if (require) {
      int32_t arguments = field_child(t, node, TF_ARGUMENTS);
      int32_t arg = arguments >= 0 ? named_child(t, arguments, 0) : -1;
      if (code_of(t, arg) != TS_STRING) return;
      // `const utils = require('./utils')` binds the module to `utils`
      int32_t holder = parent_of(t, node);
      Str alias = code_of(t, holder) == TS_VARIABLE_DECLARATOR ? declarator_name(t, holder) : NO_STR;
      push(&o->out, OP_IMPORT);
      push(&o->out, start_row(t, node) + 1);
      put_slice(o, start_of(t, arg) + 1, end_of(t, arg) - 1);
      put_str(o, alias);
      push(&o->out, 0);
      return;
    }
    put_node_site(o, SITE_CALL, owner, fn);
  } else if (type == TS_MEMBER_EXPRESSION) {
    int32_t property = field_child(t, fn, TF_PROPERTY);
    int32_t object = field_child(t, fn, TF_OBJECT);
    if (property >= 0) put_member_call(o, owner, property, object);
  }
}

/** recordHeritage: `extends A`, `implements B<T>`, an interface's `extends C`. */
static void ts_heritage(TypeScript *ts, int32_t node, int type, int32_t from) {
  const Tree *t = ts->o.tree;
  Out *o = &ts->o;
  for (int32_t v = node + 1, stop = t->end[node]; v < stop; v = t->end[v]) {
    if (!named(t, v)) continue;
    int32_t id = v;
    if (type == TS_EXTENDS_CLAUSE) {
      int kind = code(t, v);
      if (kind != TS_IDENTIFIER && kind != TS_TYPE_IDENTIFIER) continue;
    } else {
      if (code(t, v) == TS_GENERIC_TYPE) id = field_child(t, v, TF_NAME);
      if (code_of(t, id) != TS_TYPE_IDENTIFIER) continue;
    }
    put_node_site(o, type == TS_IMPLEMENTS_CLAUSE ? SITE_IMPLEMENTS : SITE_EXTENDS, from, id);
  }
}

/** recordExit: what a function's `throw` and `return` statements say about its body. */
static void ts_exit(TypeScript *ts, int32_t node, int type, int32_t owner) {
  const Tree *t = ts->o.tree;
  Out *o = &ts->o;
  push(&o->out, OP_EXIT);
  push(&o->out, owner);
  if (type == TS_THROW_STATEMENT) {
    push(&o->out, 1);
    int32_t thrown = named_child(t, node, 0);
    put_text(o, code_of(t, thrown) == TS_NEW_EXPRESSION ? field_child(t, thrown, TF_CONSTRUCTOR)
                                                        : thrown);
    return;
  }
  push(&o->out, 0);
  push(&o->out, named_child_count(t, node) > 0);
  int32_t holder = parent_of(t, node);
  int32_t block = code_of(t, holder) == TS_STATEMENT_BLOCK ? parent_of(t, holder) : holder;
  int block_type = code_of(t, block);
  push(&o->out, block_type == TS_IF_STATEMENT || block_type == TS_ELSE_CLAUSE);
}

/** recordImport: `import d, { a as b } from './x'`, `import * as ns from 'y'`. */
static void ts_import(TypeScript *ts, int32_t node) {
  const Tree *t = ts->o.tree;
  Out *o = &ts->o;
  int32_t source = field_child(t, node, TF_SOURCE);
  if (source < 0) return;
  push(&o->out, OP_IMPORT);
  push(&o->out, start_row(t, node) + 1);
  put_slice(o, start_of(t, source) + 1, end_of(t, source) - 1);
  int32_t clause = named_child_of(t, node, TS_IMPORT_CLAUSE);
  int32_t namespace = clause >= 0 ? named_child_of(t, clause, TS_NAMESPACE_IMPORT) : -1;
  int32_t alias = namespace >= 0 ? named_child_of(t, namespace, TS_IDENTIFIER) : -1;
  put_text(o, alias);
  uint32_t count_at = o->out.size;
  push(&o->out, 0);
  if (clause < 0) return;
  int32_t count = 0;
  for (int32_t part = clause + 1, stop = t->end[clause]; part < stop; part = t->end[part]) {
    if (!named(t, part)) continue;
    int type = code(t, part);
    if (type == TS_IDENTIFIER) {
      put_str(o, DEFAULT_NAME);
      count++;
    } else if (type == TS_NAMESPACE_IMPORT) {
      Str star = {STAR_UNITS, 1, -1};
      put_str(o, star);
      count++;
    } else if (type == TS_NAMED_IMPORTS) {
      for (int32_t spec = part + 1, end = t->end[part]; spec < end; spec = t->end[spec]) {
        if (!named(t, spec) || code(t, spec) != TS_IMPORT_SPECIFIER) continue;
        int32_t name = field_child(t, spec, TF_NAME);
        if (name < 0 || end_of(t, name) <= start_of(t, name)) continue;
        put_text(o, name);
        count++;
      }
    }
  }
  o->out.data[count_at] = count;
}

/** isExportsObject: `exports` or `module.exports`. */
static int is_exports_object(const Tree *t, int32_t node) {
  int type = code_of(t, node);
  if (type == TS_IDENTIFIER) return text_is(t, start_of(t, node), end_of(t, node), "exports");
  return type == TS_MEMBER_EXPRESSION &&
         text_is(t, start_of(t, node), end_of(t, node), "module.exports");
}

/**
 * noteCommonJsExports: local names a CommonJS module exports at its top level
 * (`module.exports = f`, `module.exports = { f, g: h }`, `exports.f = f`).
 */
static void ts_commonjs_exports(TypeScript *ts) {
  const Tree *t = ts->o.tree;
  Out *o = &ts->o;
  for (int32_t statement = 1, stop = t->end[0]; statement < stop; statement = t->end[statement]) {
    if (!named(t, statement) || code(t, statement) != TS_EXPRESSION_STATEMENT) continue;
    int32_t assignment = named_child(t, statement, 0);
    if (code_of(t, assignment) != TS_ASSIGNMENT_EXPRESSION) continue;
    int32_t left = field_child(t, assignment, TF_LEFT);
    int32_t right = field_child(t, assignment, TF_RIGHT);
    // `exports = module.exports = createApplication`
    while (code_of(t, right) == TS_ASSIGNMENT_EXPRESSION) {
      int32_t inner = field_child(t, right, TF_LEFT);
      if (inner < 0 || !is_exports_object(t, inner)) break;
      right = field_child(t, right, TF_RIGHT);
    }
    if (left < 0 || right < 0) continue;
    int whole = is_exports_object(t, left);
    int32_t object = code(t, left) == TS_MEMBER_EXPRESSION ? field_child(t, left, TF_OBJECT) : -1;
    if (!whole && !(object >= 0 && is_exports_object(t, object))) continue;
    int right_type = code(t, right);
    if (right_type == TS_IDENTIFIER) {
      put_exported(o, text_of(t, right));
    } else if (whole && right_type == TS_OBJECT) {
      for (int32_t entry = right + 1, end = t->end[right]; entry < end; entry = t->end[entry]) {
        if (!named(t, entry)) continue;
        int entry_type = code(t, entry);
        if (entry_type == TS_SHORTHAND_PROPERTY_IDENTIFIER) put_exported(o, text_of(t, entry));
        else if (entry_type == TS_PAIR) {
          int32_t value = field_child(t, entry, TF_VALUE);
          if (code_of(t, value) == TS_IDENTIFIER) put_exported(o, text_of(t, value));
        }
      }
    }
  }
}

/**
 * convertTypeScript's walk: every visited node in document order with the scope of the nearest
 * enclosing declaration or function (walkScoped, enter and record), then for JavaScript the
 * names a CommonJS module exports; the reader marks exported what those names declare.
 */
__attribute__((export_name("extract_typescript"))) Result *extract_typescript(const Tree *tree,
                                                                              int javascript) {
  TypeScript ts;
  __builtin_memset(&ts, 0, sizeof ts);
  ts.o.tree = tree;
  ts.o.snippet_row = -1;
  int32_t count = tree->count;
  ts.previous = alloc((uint32_t)count * 4);
  ts.export_value = alloc((uint32_t)count);
  Scope *stack = alloc((uint32_t)(count + 1) * sizeof(Scope));
  Result *result = alloc(sizeof(Result));
  if (failed) return 0;
  __builtin_memset(ts.export_value, 0, (uint32_t)count);
  // previous siblings, named or not
  for (int32_t i = 0; i < count; i++) ts.previous[i] = -1;
  for (int32_t node = 0; node < count; node++) {
    int32_t before = -1;
    for (int32_t at = node + 1, stop = tree->end[node]; at < stop; at = tree->end[at]) {
      ts.previous[at] = before;
      before = at;
    }
  }
  Out *o = &ts.o;
  uint32_t depth = 0;
  for (int32_t node = 0; node < count && !failed; node++) {
    int type = code(tree, node);
    if (type < TS_FUNCTION_DECLARATION || type > TS_EXPORT_STATEMENT) continue;
    int32_t node_start = start_of(tree, node);
    const Scope scope = scope_at(stack, &depth, node_start);
    if (type == TS_EXPORT_STATEMENT) {
      ts_export(&ts, node);
      continue;
    }
    int32_t declared = ts_declare(&ts, node, type, &scope);
    if (declared >= 0 && (is_class(type) || type == TS_INTERFACE_DECLARATION ||
                          type == TS_TYPE_ALIAS_DECLARATION || type == TS_ENUM_DECLARATION)) {
      int32_t name = field_child(tree, node, TF_NAME);
      if (name >= 0) int_add(&ts.declared_names, start_of(tree, name));
    }
    Scope inner = scope;
    int opened = 0;
    if (declared >= 0 && ts.kinds.data[declared] != KIND_CONSTANT) {
      int kind = ts.kinds.data[declared];
      inner.parent = declared;
      inner.owner = kind == KIND_FUNCTION || kind == KIND_METHOD || kind == KIND_CONSTRUCTOR
                        ? declared
                        : -1;
      opened = 1;
    } else if (is_scope(type)) {
      opened = 1;
    }
    switch (type) {
      case TS_CALL_EXPRESSION:
        ts_call(&ts, node, inner.owner);
        break;
      case TS_NEW_EXPRESSION: {
        int32_t constructor = field_child(tree, node, TF_CONSTRUCTOR);
        if (code_of(tree, constructor) == TS_IDENTIFIER)
          put_node_site(o, SITE_CALL, inner.owner, constructor);
        break;
      }
      case TS_EXTENDS_CLAUSE:
      case TS_EXTENDS_TYPE_CLAUSE:
      case TS_IMPLEMENTS_CLAUSE:
        ts_heritage(&ts, node, type, inner.parent);
        break;
      case TS_TYPE_IDENTIFIER:
        // the name of a declaration itself is not a use
        if (!int_has(&ts.declared_names, node_start)) {
          put_site(o, SITE_USAGE, inner.owner >= 0 ? inner.owner : inner.parent, node, 0);
          int32_t end = identifier_end(tree, node_start, 1);
          if (end < 0) put_text(o, node);
          else put_slice(o, node_start, end);
          put_none(o);
        }
        break;
      case TS_JSX_OPENING_ELEMENT:
      case TS_JSX_SELF_CLOSING_ELEMENT: {
        // `<Component />` renders (calls) a component; lower-case tags are HTML
        int32_t name = field_child(tree, node, TF_NAME);
        if (code_of(tree, name) == TS_IDENTIFIER && end_of(tree, name) > start_of(tree, name)) {
          uint16_t first = tree->source[start_of(tree, name)];
          if (first >= 'A' && first <= 'Z') put_node_site(o, SITE_CALL, inner.owner, name);
        }
        break;
      }
      case TS_THROW_STATEMENT:
      case TS_RETURN_STATEMENT:
        if (inner.owner >= 0) ts_exit(&ts, node, type, inner.owner);
        break;
      case TS_IMPORT_STATEMENT:
        ts_import(&ts, node);
        break;
    }
    if (opened) open_scope(stack, &depth, inner, end_of(tree, node));
  }
  if (javascript && count > 0) ts_commonjs_exports(&ts);
  Ints mask = {0, 0, 0};
  comment_mask(tree, &mask, 0);
  return finish_walk(o, &mask, result);
}
