// One call that copies a whole tree-sitter tree into a flat array the converters read from
// JavaScript (src/parse/flat-tree.ts), instead of one call into WebAssembly per node property.
//
// Built with tree-sitter's own headers and node code (the C sources web-tree-sitter ships in its
// lib/ folder, the same version the runtime was built from). The walk reads the subtrees the way
// tree-sitter's TreeCursor does (tree_cursor.c: visible nodes, aliases, fields inherited through
// hidden nodes), in one pass with its own stack instead of a cursor call per step and a node
// call per property: a fifth of the time. src/parse/flat-tree.test.ts checks the copy against a
// TreeCursor walk through web-tree-sitter on every fixture, and every node against web-tree-sitter's
// own Node. The module shares the runtime's memory and allocator; it has no data of its own and
// its own stack (see scripts/build-tree-dump.mjs and src/parse/tree-dump.ts).

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

/** Where the walk is among one subtree's children. */
typedef struct {
  Subtree parent;
  const TSSymbol *aliases;
  const TSFieldMapEntry *fields;
  const TSFieldMapEntry *fields_end;
  uint32_t child_index;
  uint32_t structural_index;
  // where the next child starts
  Length position;
  // the nearest visible ancestor's position in the output (the flat parent)
  int32_t visible_parent;
  // the field the children get from the hidden nodes between them and that ancestor (a cursor
  // reports it on a child that fills no field of its own)
  TSFieldId inherited;
} Frame;

typedef struct {
  Frame *frames;
  uint32_t size;
  uint32_t capacity;
} Frames;

static bool enter(
  Frames *stack, const TSLanguage *language, Subtree parent, Length position, int32_t visible_parent,
  TSFieldId inherited
) {
  if (stack->size == stack->capacity) {
    uint32_t capacity = stack->capacity ? stack->capacity * 2 : 64;
    Frame *frames = realloc(stack->frames, capacity * sizeof(Frame));
    if (!frames) return false;
    stack->frames = frames;
    stack->capacity = capacity;
  }
  Frame *frame = &stack->frames[stack->size++];
  frame->parent = parent;
  frame->aliases = ts_language_alias_sequence(language, parent.ptr->production_id);
  ts_language_field_map(language, parent.ptr->production_id, &frame->fields, &frame->fields_end);
  frame->child_index = 0;
  frame->structural_index = 0;
  frame->position = position;
  frame->visible_parent = visible_parent;
  frame->inherited = inherited;
  return true;
}

/** Writes one visible node (see codedocs_dump_tree for the slots). */
static void write_node(
  int32_t *at, const TSLanguage *language, const Subtree *slot, Length start, TSSymbol alias,
  TSFieldId field, int32_t parent
) {
  Subtree subtree = *slot;
  TSSymbol symbol = ts_language_public_symbol(language, alias ? alias : ts_subtree_symbol(subtree));
  bool named = alias ? ts_language_symbol_metadata(language, alias).named : ts_subtree_named(subtree);
  Length end = length_add(start, ts_subtree_size(subtree));
  at[0] = (int32_t)symbol | (int32_t)field << 16;
  at[1] = (named ? FLAG_NAMED : 0) | (ts_subtree_missing(subtree) ? FLAG_MISSING : 0) |
          (ts_subtree_extra(subtree) ? FLAG_EXTRA : 0) |
          (ts_subtree_error_cost(subtree) > 0 ? FLAG_HAS_ERROR : 0);
  at[2] = unit(start.bytes);
  at[3] = unit(end.bytes);
  at[4] = (int32_t)start.extent.row;
  at[5] = unit(start.extent.column);
  at[6] = (int32_t)end.extent.row;
  at[7] = unit(end.extent.column);
  at[8] = parent;
  at[9] = (int32_t)(uintptr_t)slot;
}

/**
 * The links the reader needs besides the nodes, in `links` (3 * count + 1 ints): each node's
 * subtree end (the position past its last descendant), its previous sibling (-1 for none), then
 * where each node's entries start in `fields` (in ints), the walk having written all but the
 * last of these (the end of the list, `fields_size`).
 */
static void write_links(const int32_t *out, uint32_t count, int32_t *links, uint32_t fields_size) {
  int32_t *end = links;
  int32_t *previous = links + count;
  int32_t *field_starts = links + 2 * count;
  field_starts[count] = (int32_t)fields_size;
  // the last child seen of each node, kept in `end` until the ends are computed (a parent comes
  // before its children, so its entry is set before any child reads it)
  for (uint32_t i = 0; i < count; i++) {
    int32_t parent = out[i * NODE_INTS + 8];
    end[i] = -1;
    previous[i] = -1;
    if (parent >= 0) {
      previous[i] = end[parent];
      end[parent] = (int32_t)i;
    }
  }
  for (uint32_t i = 0; i < count; i++) end[i] = (int32_t)i + 1;
  for (uint32_t i = count; i-- > 1;) {
    int32_t parent = out[i * NODE_INTS + 8];
    if (end[i] > end[parent]) end[parent] = end[i];
  }
}

/**
 * Writes every visible node of `tree`, in pre-order (the order of web-tree-sitter's `children`
 * and of a TreeCursor walk), into `out`, NODE_INTS int32 each:
 *   0: public symbol | field id << 16 (the field a cursor reports for the node, 0 for none)
 *   1: flags (named, missing, extra, has error)
 *   2, 3: start and end index (UTF-16 code units)
 *   4, 5: start row and column (column in code units)
 *   6, 7: end row and column
 *   8: the parent's position in `out`, -1 for the root
 *   9: the node's id (tree-sitter's: the address of its subtree)
 * `out` has room for `capacity` nodes (the root's descendant count). `fields` gets the
 * field_children of every node, and `links` (room for 3 * capacity + 1 ints) what write_links
 * writes. Returns the number of nodes written, or capacity + 1 when the tree has more visible
 * nodes than that or memory ran out (the caller then fails).
 */
__attribute__((export_name("codedocs_dump_tree")))
uint32_t codedocs_dump_tree(
  const TSTree *tree, int32_t *out, uint32_t capacity, Ints *fields, int32_t *links
) {
  // where each node's field entries start: the third part of `links` (see write_links)
  int32_t *field_starts = links + 2 * capacity;
  const TSLanguage *language = tree->language;
  const uint32_t failed = capacity + 1;
  Frames stack = {NULL, 0, 0};
  uint32_t count = 0;

  Length root_start = ts_subtree_padding(tree->root);
  write_node(out, language, &tree->root, root_start, 0, 0, -1);
  field_starts[0] = 0;
  count = 1;
  if (ts_subtree_child_count(tree->root) > 0) {
    if (!field_children(ts_node_new(tree, &tree->root, root_start, 0), 0, fields) ||
        !enter(&stack, language, tree->root, root_start, 0, 0))
      count = failed;
  }

  while (stack.size > 0 && count != failed) {
    Frame *frame = &stack.frames[stack.size - 1];
    uint32_t child_count = frame->parent.ptr->child_count;
    if (frame->child_index == child_count) {
      stack.size--;
      continue;
    }
    const Subtree *children = ts_subtree_children(frame->parent);
    const Subtree *slot = &children[frame->child_index];
    Subtree child = *slot;
    Length start = frame->position;
    bool extra = ts_subtree_extra(child);
    TSSymbol alias = 0;
    TSFieldId own = 0;
    if (!extra) {
      uint32_t structural = frame->structural_index++;
      if (frame->aliases) alias = frame->aliases[structural];
      for (const TSFieldMapEntry *entry = frame->fields; entry < frame->fields_end; entry++) {
        if (!entry->inherited && entry->child_index == structural) {
          own = entry->field_id;
          break;
        }
      }
    }
    // past this child (and the padding of the next), as tree-sitter's child iterator steps
    frame->child_index++;
    frame->position = length_add(start, ts_subtree_size(child));
    if (frame->child_index < child_count)
      frame->position = length_add(frame->position, ts_subtree_padding(children[frame->child_index]));
    TSFieldId inherited = extra ? 0 : own ? own : frame->inherited;
    int32_t visible_parent = frame->visible_parent;

    if (ts_subtree_visible(child) || alias) {
      if (count == capacity) {
        count = failed;
        break;
      }
      int32_t index = (int32_t)count++;
      write_node(out + index * NODE_INTS, language, slot, start, alias, inherited, visible_parent);
      field_starts[index] = (int32_t)fields->size;
      if (ts_subtree_child_count(child) > 0) {
        if (!field_children(ts_node_new(tree, slot, start, alias), index, fields) ||
            !enter(&stack, language, child, start, index, 0))
          count = failed;
      }
    } else if (ts_subtree_child_count(child) > 0 && ts_subtree_visible_child_count(child) > 0) {
      // a hidden node: its visible descendants are the visible parent's children
      if (!enter(&stack, language, child, start, visible_parent, inherited)) count = failed;
    }
  }
  free(stack.frames);
  // (any other count fails the copy: see the return value)
  if (count == capacity) write_links(out, count, links, fields->size);
  return count;
}
