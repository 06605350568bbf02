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

// What `ts_node_child_by_field_id` answers, without its calls: asked of the library for every
// field of every node, it built a node (with its position) for each child it stepped over, in a
// function the compiler cannot inline: nearly a third of the copy's time. The answer needed is
// only the child's id (the address of its subtree), which does not depend on positions, so the
// functions below follow node.c's steps on the subtrees alone: the same children in the same
// order, the same aliases, the same tests, the same first match. flat-tree.test.ts checks the
// result against web-tree-sitter's `childForFieldName` on every node of every fixture.

/**
 * `ts_node_child(node, 0)` for a node on `self` (ts_node__child in node.c with index 0): the
 * first visible or aliased child, looking through hidden children that have visible ones.
 */
static const Subtree *first_child(const TSLanguage *language, const Subtree *self) {
  for (;;) {
    Subtree subtree = *self;
    if (ts_subtree_child_count(subtree) == 0) return NULL;
    const TSSymbol *aliases = ts_language_alias_sequence(language, subtree.ptr->production_id);
    const Subtree *children = ts_subtree_children(subtree);
    uint32_t child_count = subtree.ptr->child_count;
    uint32_t structural = 0;
    const Subtree *descend = NULL;
    for (uint32_t i = 0; i < child_count; i++) {
      Subtree child = children[i];
      if (ts_subtree_visible(child)) return &children[i];
      TSSymbol alias = 0;
      if (!ts_subtree_extra(child)) {
        if (aliases) alias = aliases[structural];
        structural++;
      }
      if (alias) return &children[i];
      // a hidden child with visible children holds the first (node.c descends into it); one
      // without adds nothing to node.c's count and is passed over
      if (ts_subtree_visible_child_count(child) > 0) {
        descend = &children[i];
        break;
      }
    }
    if (!descend) return NULL;
    self = descend;
  }
}

/**
 * `ts_node_child_by_field_id(node, field_id)` for a node on `self`, as the child's subtree
 * address (the node's id), NULL for none: node.c's function step for step, positions left out.
 */
static const Subtree *child_by_field(
  const TSLanguage *language, const Subtree *self, TSFieldId field_id
) {
recur:;
  Subtree subtree = *self;
  // (ts_node_child_count: the visible children, none for a leaf)
  if (!field_id || ts_subtree_visible_child_count(subtree) == 0) return NULL;
  const TSFieldMapEntry *field_map, *field_map_end;
  ts_language_field_map(language, subtree.ptr->production_id, &field_map, &field_map_end);
  if (field_map == field_map_end) return NULL;
  while (field_map->field_id < field_id) {
    field_map++;
    if (field_map == field_map_end) return NULL;
  }
  while (field_map_end[-1].field_id > field_id) {
    field_map_end--;
    if (field_map == field_map_end) return NULL;
  }
  const TSSymbol *aliases = ts_language_alias_sequence(language, subtree.ptr->production_id);
  const Subtree *children = ts_subtree_children(subtree);
  uint32_t child_count = subtree.ptr->child_count;
  uint32_t structural = 0;
  for (uint32_t i = 0; i < child_count; i++) {
    Subtree child = children[i];
    if (ts_subtree_extra(child)) continue;
    uint32_t index = structural++;
    TSSymbol alias = aliases ? aliases[index] : 0;
    if (index < field_map->child_index) continue;
    if (field_map->inherited) {
      // the last entry: node.c's tail call
      if (field_map + 1 == field_map_end) {
        self = &children[i];
        goto recur;
      }
      const Subtree *result = child_by_field(language, &children[i], field_id);
      if (result) return result;
      field_map++;
      if (field_map == field_map_end) return NULL;
    } else if (ts_subtree_visible(child) || alias) {
      return &children[i];
    } else if (ts_subtree_visible_child_count(child) > 0) {
      return first_child(language, &children[i]);
    } else {
      field_map++;
      if (field_map == field_map_end) return NULL;
    }
  }
  return NULL;
}

/**
 * What `ts_node_child_by_field_id` answers for each field of `slot`'s production (it can differ
 * from the field a cursor reports on the children: a hidden child's field that the production
 * does not inherit, a child filling two fields, an ERROR node's children), as
 * (node, field id, child's node id, 0) for each field that finds a child: the child is one of
 * the node's visible descendants, usually a child, deeper where a hidden rule is aliased. The
 * node has children (the caller checks).
 */
static bool field_children(
  const TSLanguage *language, const Subtree *slot, int32_t index, Ints *fields
) {
  Subtree subtree = *slot;
  const TSFieldMapEntry *entry, *end;
  ts_language_field_map(language, subtree.ptr->production_id, &entry, &end);
  // (no visible children: node.c finds nothing for any field)
  if (entry == end || subtree.ptr->visible_child_count == 0) return true;
  TSFieldId last = 0;
  // (the entries are sorted by field id)
  for (; entry < end; entry++) {
    if (entry->field_id == last) continue;
    last = entry->field_id;
    const Subtree *child = child_by_field(language, slot, last);
    if (child && !push(fields, index, last, (int32_t)(uintptr_t)child, 0)) return false;
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
  // whether the frame is that ancestor's own (not a hidden node's): leaving it ends the
  // ancestor's subtree
  bool owner;
} Frame;

typedef struct {
  Frame *frames;
  uint32_t size;
  uint32_t capacity;
} Frames;

static bool enter(
  Frames *stack, const TSLanguage *language, Subtree parent, Length position, int32_t visible_parent,
  TSFieldId inherited, bool owner
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
  frame->owner = owner;
  return true;
}

/**
 * The field a production gives its child at `structural` (the first entry naming it, not
 * inherited), 0 for none: the field a cursor reports for the child.
 */
static inline TSFieldId own_field(
  const TSFieldMapEntry *entry, const TSFieldMapEntry *end, uint32_t structural
) {
  for (; entry < end; entry++) {
    if (!entry->inherited && entry->child_index == structural) return entry->field_id;
  }
  return 0;
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
 * field_children of every node, and `links` (3 * capacity + 1 ints) the links the reader needs
 * besides the nodes: each node's subtree end (the position past its last descendant), its
 * previous sibling (-1 for none), then where each node's entries start in `fields` (in ints),
 * and the end of that list. Returns the number of nodes written, or capacity + 1 when the tree
 * has more visible nodes than that or memory ran out (the caller then fails).
 */
__attribute__((export_name("codedocs_dump_tree")))
uint32_t codedocs_dump_tree(
  const TSTree *tree, int32_t *out, uint32_t capacity, Ints *fields, int32_t *links
) {
  // the three parts of `links` (see above), written as the walk goes (they are read only when
  // the tree has `capacity` nodes: see the return value); while a node's subtree is being
  // walked, its `end` holds its last child so far (-1 for none), which is the next child's
  // previous sibling, and it gets its real value when the walk leaves the node
  int32_t *end = links;
  int32_t *previous = links + capacity;
  int32_t *field_starts = links + 2 * capacity;
  const TSLanguage *language = tree->language;
  const uint32_t failed = capacity + 1;
  Frames stack = {NULL, 0, 0};
  uint32_t count = 0;

  Length root_start = ts_subtree_padding(tree->root);
  write_node(out, language, &tree->root, root_start, 0, 0, -1);
  field_starts[0] = 0;
  previous[0] = -1;
  end[0] = 1;
  count = 1;
  if (ts_subtree_child_count(tree->root) > 0) {
    end[0] = -1;
    if (!field_children(language, &tree->root, 0, fields) ||
        !enter(&stack, language, tree->root, root_start, 0, 0, true))
      count = failed;
  }

  while (stack.size > 0 && count != failed) {
    // the frame's state in locals while its children are walked (for all the compiler knows,
    // the writes to the output could change the frame's counters, so it would reload them after
    // each), stored back before a child's frame is entered
    Frame *frame = &stack.frames[stack.size - 1];
    const Subtree *children = ts_subtree_children(frame->parent);
    const uint32_t child_count = frame->parent.ptr->child_count;
    const TSSymbol *aliases = frame->aliases;
    const TSFieldMapEntry *own_fields = frame->fields;
    const TSFieldMapEntry *own_fields_end = frame->fields_end;
    const int32_t visible_parent = frame->visible_parent;
    const TSFieldId frame_inherited = frame->inherited;
    uint32_t child_index = frame->child_index;
    uint32_t structural_index = frame->structural_index;
    Length position = frame->position;
    bool entered = false;
    while (child_index < child_count) {
      const Subtree *slot = &children[child_index];
      Subtree child = *slot;
      Length start = position;
      bool extra = ts_subtree_extra(child);
      TSSymbol alias = 0;
      TSFieldId own = 0;
      if (!extra) {
        uint32_t structural = structural_index++;
        if (aliases) alias = aliases[structural];
        own = own_field(own_fields, own_fields_end, structural);
      }
      // past this child (and the padding of the next), as tree-sitter's child iterator steps
      child_index++;
      position = length_add(start, ts_subtree_size(child));
      if (child_index < child_count)
        position = length_add(position, ts_subtree_padding(children[child_index]));
      TSFieldId inherited = extra ? 0 : own ? own : frame_inherited;

      // A hidden node with a single child that has visible nodes (most hidden nodes: a rule
      // like `_expression` around the one it matched) is walked in place rather than in a
      // frame of its own: its child is what that frame would walk, starting where it starts
      // (there is no padding before a first child), with its alias and field from the hidden
      // node's production and the field the hidden node passes down.
      while (!ts_subtree_visible(child) && !alias && ts_subtree_child_count(child) == 1 &&
             child.ptr->visible_child_count > 0) {
        TSFieldId passed = inherited;
        uint32_t production_id = child.ptr->production_id;
        slot = ts_subtree_children(child);
        child = *slot;
        extra = ts_subtree_extra(child);
        own = 0;
        if (!extra) {
          const TSSymbol *inner_aliases = ts_language_alias_sequence(language, production_id);
          if (inner_aliases) alias = inner_aliases[0];
          const TSFieldMapEntry *map, *map_end;
          ts_language_field_map(language, production_id, &map, &map_end);
          own = own_field(map, map_end, 0);
        }
        inherited = extra ? 0 : own ? own : passed;
      }

      if (ts_subtree_visible(child) || alias) {
        if (count == capacity) {
          count = failed;
          break;
        }
        int32_t index = (int32_t)count++;
        write_node(out + index * NODE_INTS, language, slot, start, alias, inherited, visible_parent);
        field_starts[index] = (int32_t)fields->size;
        previous[index] = end[visible_parent];
        end[visible_parent] = index;
        end[index] = index + 1;
        if (ts_subtree_child_count(child) > 0) {
          end[index] = -1;
          frame->child_index = child_index;
          frame->structural_index = structural_index;
          frame->position = position;
          if (!field_children(language, slot, index, fields) ||
              !enter(&stack, language, child, start, index, 0, true))
            count = failed;
          entered = true;
          break;
        }
      } else if (ts_subtree_child_count(child) > 0 && ts_subtree_visible_child_count(child) > 0) {
        // a hidden node: its visible descendants are the visible parent's children
        frame->child_index = child_index;
        frame->structural_index = structural_index;
        frame->position = position;
        if (!enter(&stack, language, child, start, visible_parent, inherited, false))
          count = failed;
        entered = true;
        break;
      }
    }
    if (entered || count == failed) continue;
    // the frame's children are done: a visible node's subtree ends here
    if (frame->owner) end[visible_parent] = (int32_t)count;
    stack.size--;
  }
  free(stack.frames);
  field_starts[capacity] = (int32_t)fields->size;
  return count;
}
