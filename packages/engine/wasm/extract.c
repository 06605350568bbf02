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
} Out;

static inline int is_space(uint32_t c) {
  if (c < 0x80) return c == ' ' || (c >= 9 && c <= 13);
  return c == 0xa0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200a) || c == 0x2028 ||
         c == 0x2029 || c == 0x202f || c == 0x205f || c == 0x3000 || c == 0xfeff;
}

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
static void put_signature(Out *o, int32_t node, int32_t body) {
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

static void put_site(Out *o, int kind, int32_t from, int32_t row, int32_t column) {
  // (the name and qualifier follow: see the callers)
  push(&o->out, OP_SITE);
  push(&o->out, kind);
  push(&o->out, from);
  push(&o->out, row);
  push(&o->out, column);
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
  put_text(o, name);
  put_signature(o, node, body);
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

/** recordCall. */
static void py_call(Python *p, int32_t node, int32_t owner) {
  const Tree *t = p->o.tree;
  Out *o = &p->o;
  const uint16_t *s = t->source;
  int32_t fn = field_child(t, node, PF_FUNCTION);
  if (fn < 0) return;
  int32_t start = start_of(t, fn), end = end_of(t, fn);
  // addDottedCall: /^[A-Za-z_$#][\w$#]*(?:\.[A-Za-z_$#][\w$#]*)*$/
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
  if (dotted) {
    int32_t name_start = dot < 0 ? start : dot + 1;
    int not_name = dot < 0 && (text_is(t, start, end, "super") || text_is(t, start, end, "import") ||
                               text_is(t, start, end, "this") || text_is(t, start, end, "undefined") ||
                               text_is(t, start, end, "null") || text_is(t, start, end, "true") ||
                               text_is(t, start, end, "false"));
    if (!not_name) {
      put_site(o, SITE_CALL, owner, start_row(t, fn),
               start_column(t, fn) + (dot < 0 ? 0 : dot - start + 1));
      put_slice(o, name_start, end);
      if (dot < 0) put_none(o);
      else put_qualifier(o, start, dot);
      return;
    }
  }
  int type = code(t, fn);
  if (type == PY_IDENTIFIER) {
    put_site(o, SITE_CALL, owner, start_row(t, fn), start_column(t, fn));
    put_text(o, fn);
    put_none(o);
  } else if (type == PY_ATTRIBUTE) {
    int32_t attribute = field_child(t, fn, PF_ATTRIBUTE);
    int32_t object = field_child(t, fn, PF_OBJECT);
    if (attribute < 0) return;
    put_site(o, SITE_CALL, owner, start_row(t, attribute), start_column(t, attribute));
    put_text(o, attribute);
    if (object < 0) put_none(o);
    else put_qualifier(o, start_of(t, object), end_of(t, object));
  }
}

/** identifierText's end: where the ASCII identifier at `start` ends, or -1 (see context.ts). */
static int32_t identifier_end(const Tree *t, int32_t start) {
  const uint16_t *s = t->source;
  int32_t n = t->source_length;
  if (start >= n) return -1;
  uint16_t c = s[start];
  if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$' || c == '#'))
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
    put_site(o, SITE_EXTENDS, declared, start_row(t, at), start_column(t, at));
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
 * maskComments of comment-mask.ts: the ranges of comments and docstrings, in tree order (the
 * caller sorts them when a docstring comes before comments it follows in the tree).
 */
static void py_mask(const Tree *t, Ints *mask) {
  for (int32_t at = 0; at < t->count;) {
    if (comment_like(t, at)) {
      if (end_of(t, at) > start_of(t, at)) {
        push(mask, start_of(t, at));
        push(mask, end_of(t, at));
      }
      at = t->end[at];
      continue;
    }
    int type = code(t, at);
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
  push(&o->out, -1);
  put_none(o);
  put_none(o);
  put_none(o);
  push(&o->out, 0);
  push(&o->out, 0);
  push(&o->out, 0);
  put_docstring(&p, 0);

  uint32_t depth = 0;
  const Scope none = {0, -1, -1};
  for (int32_t node = 0; node < count && !failed; node++) {
    int type = code(tree, node);
    if (!py_visited(type)) continue;
    int32_t node_start = start_of(tree, node);
    while (depth > 0 && stack[depth - 1].end <= node_start) depth--;
    const Scope scope = depth > 0 ? stack[depth - 1] : none;
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
          put_site(o, SITE_USAGE, from, start_row(tree, at), start_column(tree, at));
          int32_t end = identifier_end(tree, start_of(tree, at));
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
    if (opened) {
      inner.end = end_of(tree, node);
      stack[depth++] = inner;
    }
  }
  Ints mask = {0, 0, 0};
  py_mask(tree, &mask);
  if (failed) return 0;
  result->mask = mask.data;
  result->mask_count = (int32_t)mask.size;
  result->records = o->out.data;
  result->record_count = (int32_t)o->out.size;
  result->units = o->pool.data;
  result->unit_count = (int32_t)o->pool.size;
  return result;
}
