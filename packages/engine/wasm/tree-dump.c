// One call that copies a whole tree-sitter tree into a flat array the converters read from
// JavaScript (src/parse/flat-tree.ts), instead of one call into WebAssembly per node property.
//
// Built with tree-sitter's own cursor and node code (the C sources web-tree-sitter ships in its
// lib/ folder, the same version the runtime was built from), so the nodes, their order, their
// fields and their flags are exactly what web-tree-sitter's own Node and TreeCursor report. The
// module shares the runtime's memory and allocator; it has no data of its own and its own stack
// (see scripts/build-tree-dump.mjs and src/parse/tree-dump.ts).

#include "tree_cursor.h"
#include "tree.h"
#include "subtree.h"
#include "language.h"

// Int32 slots per node; src/parse/tree-dump.ts reads the same layout.
#define NODE_INTS 10

// Slot 1: flags.
#define FLAG_NAMED 1
#define FLAG_MISSING 2
#define FLAG_EXTRA 4
#define FLAG_HAS_ERROR 8

// A growing array of int32, in the runtime's heap (the caller frees `data`).
typedef struct {
  int32_t *data;
  uint32_t size;
  uint32_t capacity;
} Ints;

static bool push(Ints *ints, int32_t a, int32_t b, int32_t c, int32_t d) {
  if (ints->size + 4 > ints->capacity) {
    uint32_t capacity = ints->capacity ? ints->capacity * 2 : 4096;
    int32_t *data = realloc(ints->data, capacity * sizeof(int32_t));
    if (!data) return false;
    ints->data = data;
    ints->capacity = capacity;
  }
  int32_t *at = ints->data + ints->size;
  at[0] = a;
  at[1] = b;
  at[2] = c;
  at[3] = d;
  ints->size += 4;
  return true;
}

// web-tree-sitter measures text in UTF-16 code units; tree-sitter in bytes of UTF-16.
static inline int32_t unit(uint32_t byte) { return (int32_t)(byte >> 1); }

/**
 * What `ts_node_child_by_field_id` answers for each field of `node`'s production (it can differ
 * from the field a cursor reports on the children: a hidden child's field that the production
 * does not inherit, a child filling two fields, an ERROR node's children), as
 * (node, field id, child's node id, 0) for each field that finds a child: the child is one of
 * the node's visible descendants, usually a child, deeper where a hidden rule is aliased.
 */
static bool field_children(TSNode node, int32_t index, Ints *fields) {
  Subtree subtree = *(const Subtree *)node.id;
  if (ts_subtree_child_count(subtree) == 0) return true;
  const TSFieldMapEntry *entry, *end;
  ts_language_field_map(node.tree->language, subtree.ptr->production_id, &entry, &end);
  TSFieldId last = 0;
  // (the entries are sorted by field id)
  for (; entry < end; entry++) {
    if (entry->field_id == last) continue;
    last = entry->field_id;
    TSNode child = ts_node_child_by_field_id(node, last);
    if (child.id && !push(fields, index, last, (int32_t)(uintptr_t)child.id, 0))
      return false;
  }
  return true;
}

/**
 * Writes every visible node of `tree`, in pre-order (the order of web-tree-sitter's `children`
 * and of a TreeCursor walk), into `out`, NODE_INTS int32 each:
 *   0: public symbol | field id << 16 (the field the node fills in its parent, 0 for none)
 *   1: flags (named, missing, extra, has error)
 *   2, 3: start and end index (UTF-16 code units)
 *   4, 5: start row and column (column in code units)
 *   6, 7: end row and column
 *   8: the parent's position in `out`, -1 for the root
 *   9: the node's id (tree-sitter's: the address of its subtree)
 * `out` has room for `capacity` nodes (the root's descendant count). `fields` gets the
 * field_children of every node. Returns the number of nodes written, or capacity + 1 when the
 * tree has more visible nodes than that or memory ran out (the caller then fails).
 */
__attribute__((export_name("codedocs_dump_tree")))
uint32_t codedocs_dump_tree(const TSTree *tree, int32_t *out, uint32_t capacity, Ints *fields) {
  TSNode root = ts_node_new(tree, &tree->root, ts_subtree_padding(tree->root), 0);
  TSTreeCursor cursor = ts_tree_cursor_new(root);
  uint32_t count = 0;
  int32_t parent = -1;
  for (;;) {
    if (count == capacity) {
      count = capacity + 1;
      break;
    }
    TSNode node = ts_tree_cursor_current_node(&cursor);
    int32_t *at = out + count * NODE_INTS;
    TSPoint start = ts_node_start_point(node);
    TSPoint end = ts_node_end_point(node);
    at[0] = (int32_t)ts_node_symbol(node) | (int32_t)ts_tree_cursor_current_field_id(&cursor) << 16;
    at[1] = (ts_node_is_named(node) ? FLAG_NAMED : 0) | (ts_node_is_missing(node) ? FLAG_MISSING : 0) |
            (ts_node_is_extra(node) ? FLAG_EXTRA : 0) | (ts_node_has_error(node) ? FLAG_HAS_ERROR : 0);
    at[2] = unit(ts_node_start_byte(node));
    at[3] = unit(ts_node_end_byte(node));
    at[4] = (int32_t)start.row;
    at[5] = unit(start.column);
    at[6] = (int32_t)end.row;
    at[7] = unit(end.column);
    at[8] = parent;
    at[9] = (int32_t)(uintptr_t)node.id;
    if (!field_children(node, (int32_t)count, fields)) {
      count = capacity + 1;
      break;
    }
    if (ts_tree_cursor_goto_first_child(&cursor)) {
      parent = (int32_t)count++;
      continue;
    }
    count++;
    for (;;) {
      if (ts_tree_cursor_goto_next_sibling(&cursor)) break;
      if (!ts_tree_cursor_goto_parent(&cursor)) goto done;
      parent = out[parent * NODE_INTS + 8];
    }
  }
done:
  ts_tree_cursor_delete(&cursor);
  return count;
}
