import type { Parser, Tree } from 'web-tree-sitter';

/**
 * A parsed file as the converters read it: every visible node of the tree-sitter tree in one
 * Int32Array, copied out of WebAssembly in a single call (`tree-dump.ts`), and `Node` objects
 * that answer web-tree-sitter's `Node` questions (type, text, fields, children, siblings,
 * descendantsOfType…) from that array in JavaScript. Reading a property of a web-tree-sitter
 * node is a call into WebAssembly that marshals the node; here it is an array read, so
 * converting no longer costs more than the tree it reads. The tree-sitter tree is freed as soon
 * as it is copied.
 *
 * `flat-tree.test.ts` checks every member against web-tree-sitter's own on every node of every
 * fixture, and every fixture's index both ways.
 */

/** Int32 slots per node (wasm/tree-dump.c writes the same layout). */
export const NODE_INTS = 10;
export const FLAG_NAMED = 1;
export const FLAG_MISSING = 2;
export const FLAG_EXTRA = 4;
export const FLAG_HAS_ERROR = 8;
/** tree-sitter's ERROR symbol (`ts_builtin_sym_error`). */
const ERROR_SYMBOL = 65535;

export interface Point {
  row: number;
  column: number;
}

/** The parts of a grammar the tree reads: type names by symbol, field names by id. */
interface Names {
  types: string[];
  fields: (string | null)[];
}

/** Per grammar: field ids by name and symbol masks by type list (both asked per node). */
interface NameIndex {
  fieldIds: Map<string, number>;
  masks: Map<string, Uint8Array>;
  /** The same masks by the list itself: converters pass the same constant list file after file. */
  masksByList: WeakMap<readonly string[], Uint8Array>;
}
const indexes = new WeakMap<object, NameIndex>();

function nameIndex(names: Names): NameIndex {
  let index = indexes.get(names.types);
  if (!index) {
    const fieldIds = new Map<string, number>();
    names.fields.forEach((field, id) => {
      if (field !== null && !fieldIds.has(field)) fieldIds.set(field, id);
    });
    index = { fieldIds, masks: new Map(), masksByList: new WeakMap() };
    indexes.set(names.types, index);
  }
  return index;
}

/** What a tree copy produces (wasm/tree-dump.c writes both). */
export interface TreeData {
  /** NODE_INTS per visible node, in pre-order. */
  nodes: Int32Array;
  /**
   * (node, field id, child's tree-sitter id, 0) per field of each node's production that
   * `childForFieldName` finds a child for, in node order.
   */
  fields: Int32Array;
  /**
   * The links FlatTree otherwise derives from `nodes` and `fields` (the single-call copy writes
   * them in WebAssembly): each node's subtree end, its previous sibling (-1 for none), and where
   * its entries in `fields` start (node count + 1 offsets, in ints).
   */
  end?: Int32Array;
  previous?: Int32Array;
  fieldsAt?: Int32Array;
  /**
   * For a dump left in place (views of the runtime's memory, see TreeDump): frees it. The views
   * are read before then, and before anything runs the runtime again (which may grow its memory
   * and so detach them).
   */
  release?(): void;
}

/**
 * Buffers a flat tree can be built in, reused from tree to tree (each grown to the largest tree
 * so far): a tree's arrays are 56 bytes per node, and fresh ones for every file cost more in new
 * memory pages and garbage collection than the copy itself. A tree built in a scratch is valid
 * until the next tree is built in the same scratch, so one is only for trees read to the end
 * before the next is made (indexFile: parse, convert and hash run in one synchronous stretch).
 */
export class TreeScratch {
  nodes = new Int32Array(0);
  fields = new Int32Array(0);
  end = new Int32Array(0);
  previous = new Int32Array(0);
  lastChild = new Int32Array(0);
  fieldsAt = new Int32Array(0);
  objects: (Node | undefined)[] = [];
}

/** The first `length` ints of the scratch's `key` array, grown first when it is shorter. */
export function room(
  scratch: TreeScratch,
  key: 'nodes' | 'fields' | 'end' | 'previous' | 'lastChild' | 'fieldsAt',
  length: number,
): Int32Array {
  let array = scratch[key];
  if (array.length < length) {
    array = new Int32Array(Math.max(length, array.length * 2));
    scratch[key] = array;
  }
  return array.subarray(0, length);
}

/** TreeData's links, derived from its nodes and fields (what tree-dump.c writes itself). */
export function deriveLinks(
  data: Int32Array,
  fields: Int32Array,
  count: number,
  scratch: TreeScratch | undefined,
): Required<Pick<TreeData, 'end' | 'previous' | 'fieldsAt'>> {
  const ints = (key: 'end' | 'previous' | 'lastChild' | 'fieldsAt', length: number) =>
    scratch ? room(scratch, key, length) : new Int32Array(length);
  const fieldsAt = ints('fieldsAt', count + 1);
  for (let k = 0, node = 0; node <= count; node++) {
    while (k < fields.length && fields[k]! < node) k += 4;
    fieldsAt[node] = k;
  }
  const end = ints('end', count);
  const previous = ints('previous', count).fill(-1);
  const lastChild = ints('lastChild', count).fill(-1);
  for (let i = 0; i < count; i++) {
    end[i] = i + 1;
    const parent = data[i * NODE_INTS + 8]!;
    if (parent >= 0) {
      previous[i] = lastChild[parent]!;
      lastChild[parent] = i;
    }
  }
  for (let i = count - 1; i > 0; i--) {
    const parent = data[i * NODE_INTS + 8]!;
    if (end[i]! > end[parent]!) end[parent] = end[i]!;
  }
  return { end, previous, fieldsAt };
}

/** One file's tree, flat (see the module comment). */
export class FlatTree {
  readonly nodeCount: number;
  /** Past each node's last descendant: a node's subtree is [index, end[index]). */
  private readonly end: Int32Array;
  /** Each node's previous sibling, -1 for none. */
  private readonly previous: Int32Array;
  /** Where each node's entries start in `fields` (node count + 1 offsets). */
  private readonly fieldsAt: Int32Array;
  private readonly nodes: (Node | undefined)[];
  private readonly index: NameIndex;
  /** NODE_INTS per node, in pre-order; see wasm/tree-dump.c for the slots. */
  readonly data: Int32Array;
  readonly fields: Int32Array;

  constructor(
    /** The text that was parsed (nodes' text is sliced from it). */
    readonly source: string,
    readonly names: Names,
    copy: TreeData,
    /** Where to build the tree's own arrays (see TreeScratch); fresh ones without. */
    scratch?: TreeScratch,
  ) {
    const data = copy.nodes;
    const fields = copy.fields;
    this.data = data;
    this.fields = fields;
    const count = data.length / NODE_INTS;
    this.nodeCount = count;
    if (copy.end && copy.previous && copy.fieldsAt) {
      this.fieldsAt = copy.fieldsAt;
      this.end = copy.end;
      this.previous = copy.previous;
    } else {
      const links = deriveLinks(data, fields, count, scratch);
      this.fieldsAt = links.fieldsAt;
      this.end = links.end;
      this.previous = links.previous;
    }
    if (scratch) {
      // the node objects of the trees before stay until a node of this one takes their place
      // (node() tells them apart by their tree, and clearing them for every file cost as much as
      // copying the tree); grown by pushing, so the array keeps fast elements (a store far past
      // its end would turn it into a dictionary for the rest of the thread's life)
      const objects = scratch.objects;
      for (let i = objects.length; i < count; i++) objects.push(undefined);
      this.nodes = objects;
    } else this.nodes = new Array(count);
    this.index = nameIndex(names);
  }

  get rootNode(): Node {
    return this.node(0);
  }

  /** The node at pre-order position `index` (one object per node: the same node is `===`). */
  node(index: number): Node {
    const node = this.nodes[index];
    if (node?.tree === this) return node;
    return (this.nodes[index] = new Node(this, index));
  }

  /** @internal */ subtreeEnd(index: number): number {
    return this.end[index]!;
  }

  /** @internal */ previousOf(index: number): number {
    return this.previous[index]!;
  }

  /**
   * @internal Where the `n`th child of the node at `index` is (counting named children only
   * when `named`), or -1; with `n` past the last, minus one less the number of such children.
   */
  nthChild(index: number, n: number, named: boolean): number {
    const data = this.data;
    const end = this.end;
    let seen = 0;
    for (let at = index + 1, stop = end[index]!; at < stop; at = end[at]!) {
      if (named && (data[at * NODE_INTS + 1]! & FLAG_NAMED) === 0) continue;
      if (seen++ === n) return at;
    }
    return -1 - seen;
  }

  /**
   * @internal The child `childForFieldName` gives for field `id` of the node at `index`, as the
   * node's production maps it (see TreeData.fields), or -1.
   */
  fieldChild(index: number, id: number): number {
    const fields = this.fields;
    for (let k = this.fieldsAt[index]!, end = this.fieldsAt[index + 1]!; k < end; k += 4) {
      if (fields[k + 1] !== id) continue;
      const child = fields[k + 2]!;
      const data = this.data;
      const stop = this.end[index]!;
      // a child, or (a hidden rule aliased visible) a deeper descendant
      for (let at = index + 1; at < stop; at = this.end[at]!)
        if (data[at * NODE_INTS + 9] === child) return at;
      for (let at = index + 1; at < stop; at++) if (data[at * NODE_INTS + 9] === child) return at;
      return -1;
    }
    return -1;
  }

  /** @internal */ fieldId(name: string): number {
    return this.index.fieldIds.get(name) ?? 0;
  }

  /** @internal A lookup by symbol: 1 where the symbol's type name is one of `types`. */
  typeMask(types: string | string[]): Uint8Array {
    if (Array.isArray(types)) {
      const known = this.index.masksByList.get(types);
      if (known) return known;
    }
    const list = Array.isArray(types) ? types : [types];
    const key = list.join('\0');
    let mask = this.index.masks.get(key);
    if (!mask) {
      mask = new Uint8Array(ERROR_SYMBOL + 1);
      this.names.types.forEach((type, symbol) => {
        if (list.includes(type)) mask![symbol] = 1;
      });
      if (list.includes('ERROR')) mask[ERROR_SYMBOL] = 1;
      this.index.masks.set(key, mask);
    }
    if (Array.isArray(types)) this.index.masksByList.set(types, mask);
    return mask;
  }
}

/** Whether point `a` comes before point `b`. */
function before(a: Point, b: Point): boolean {
  return a.row < b.row || (a.row === b.row && a.column < b.column);
}

/** One node of a FlatTree, with the members of web-tree-sitter's `Node` the engine reads. */
export class Node {
  private cachedChildren: Node[] | undefined;
  private cachedNamedChildren: Node[] | undefined;

  constructor(
    readonly tree: FlatTree,
    /** Pre-order position in the tree (the root is 0). */
    readonly index: number,
  ) {}

  /** Unique within the tree (not tree-sitter's id: only compare it within one tree). */
  get id(): number {
    return this.index + 1;
  }

  private slot(offset: number): number {
    return this.tree.data[this.index * NODE_INTS + offset]!;
  }

  get typeId(): number {
    return this.slot(0) & 0xffff;
  }

  get type(): string {
    // ERROR's symbol lies past the table: never read out of bounds (V8 de-optimises on it)
    const id = this.typeId;
    return id === ERROR_SYMBOL ? 'ERROR' : this.tree.names.types[id] || 'ERROR';
  }

  /** The id of the field this node fills in its parent (0 for none). */
  get fieldId(): number {
    return this.slot(0) >>> 16;
  }

  get isNamed(): boolean {
    return (this.slot(1) & FLAG_NAMED) !== 0;
  }

  get isMissing(): boolean {
    return (this.slot(1) & FLAG_MISSING) !== 0;
  }

  get isExtra(): boolean {
    return (this.slot(1) & FLAG_EXTRA) !== 0;
  }

  get hasError(): boolean {
    return (this.slot(1) & FLAG_HAS_ERROR) !== 0;
  }

  get isError(): boolean {
    return this.typeId === ERROR_SYMBOL;
  }

  get startIndex(): number {
    return this.slot(2);
  }

  get endIndex(): number {
    return this.slot(3);
  }

  get startPosition(): Point {
    return { row: this.slot(4), column: this.slot(5) };
  }

  /** `startPosition.row`, without building the point. */
  get startRow(): number {
    return this.slot(4);
  }

  /** `startPosition.column`, without building the point. */
  get startColumn(): number {
    return this.slot(5);
  }

  get endPosition(): Point {
    return { row: this.slot(6), column: this.slot(7) };
  }

  get text(): string {
    return this.tree.source.slice(this.slot(2), this.slot(3));
  }

  get parent(): Node | null {
    const parent = this.slot(8);
    return parent < 0 ? null : this.tree.node(parent);
  }

  get children(): readonly Node[] {
    if (!this.cachedChildren) {
      const tree = this.tree;
      const out: Node[] = [];
      for (let at = this.index + 1, end = tree.subtreeEnd(this.index); at < end;) {
        out.push(tree.node(at));
        at = tree.subtreeEnd(at);
      }
      this.cachedChildren = out;
    }
    return this.cachedChildren;
  }

  get namedChildren(): readonly Node[] {
    return (this.cachedNamedChildren ??= this.children.filter((child) => child.isNamed));
  }

  // Counts and single children are read from the array when no list is cached, so a question
  // such as "has it a named child?" makes no list and no node objects for the rest.

  get childCount(): number {
    return this.cachedChildren?.length ?? -1 - this.tree.nthChild(this.index, -1, false);
  }

  get namedChildCount(): number {
    return this.cachedNamedChildren?.length ?? -1 - this.tree.nthChild(this.index, -1, true);
  }

  child(index: number): Node | null {
    return this.nth(index, false, this.cachedChildren);
  }

  namedChild(index: number): Node | null {
    return this.nth(index, true, this.cachedNamedChildren);
  }

  private nth(index: number, named: boolean, cached: Node[] | undefined): Node | null {
    if (cached) return index >= 0 && index < cached.length ? cached[index]! : null;
    if (index < 0) return null;
    const at = this.tree.nthChild(this.index, index, named);
    return at < 0 ? null : this.tree.node(at);
  }

  get firstChild(): Node | null {
    return this.child(0);
  }

  get lastChild(): Node | null {
    return this.child(this.children.length - 1);
  }

  get firstNamedChild(): Node | null {
    return this.namedChild(0);
  }

  get lastNamedChild(): Node | null {
    return this.namedChild(this.namedChildren.length - 1);
  }

  get nextSibling(): Node | null {
    const parent = this.slot(8);
    if (parent < 0) return null;
    const next = this.tree.subtreeEnd(this.index);
    return next < this.tree.subtreeEnd(parent) ? this.tree.node(next) : null;
  }

  get previousSibling(): Node | null {
    const previous = this.tree.previousOf(this.index);
    return previous < 0 ? null : this.tree.node(previous);
  }

  get nextNamedSibling(): Node | null {
    let node = this.nextSibling;
    while (node && !node.isNamed) node = node.nextSibling;
    return node;
  }

  get previousNamedSibling(): Node | null {
    let node = this.previousSibling;
    while (node && !node.isNamed) node = node.previousSibling;
    return node;
  }

  /**
   * The child filling field `id`, as tree-sitter's `ts_node_child_by_field_id` finds it (which
   * can differ from the children a cursor reports in that field: see TreeData.fields), or null.
   */
  childForFieldId(id: number): Node | null {
    if (id === 0) return null;
    const at = this.tree.fieldChild(this.index, id);
    return at < 0 ? null : this.tree.node(at);
  }

  childForFieldName(name: string): Node | null {
    return this.childForFieldId(this.tree.fieldId(name));
  }

  childrenForFieldName(name: string): Node[] {
    const id = this.tree.fieldId(name);
    return id === 0 ? [] : this.children.filter((child) => child.fieldId === id);
  }

  /** This node and its descendants whose type is one of `types`, in pre-order. */
  descendantsOfType(types: string | string[]): Node[] {
    const tree = this.tree;
    const mask = tree.typeMask(types);
    const data = tree.data;
    const out: Node[] = [];
    for (let at = this.index, end = tree.subtreeEnd(this.index); at < end; at++)
      if (mask[data[at * NODE_INTS]! & 0xffff] === 1) out.push(tree.node(at));
    return out;
  }

  /**
   * The smallest node spanning `start`…`end` (tree-sitter's descendant for a point range, over
   * visible nodes, anonymous ones included).
   */
  descendantForPosition(start: Point, end: Point = start): Node {
    let node = this.tree.node(this.index);
    descend: for (;;) {
      for (const child of node.children) {
        const childStart = child.startPosition;
        const childEnd = child.endPosition;
        if (before(childEnd, end)) continue;
        const empty = childStart.row === childEnd.row && childStart.column === childEnd.column;
        if (empty ? before(childEnd, start) : !before(start, childEnd)) continue;
        if (before(start, childStart)) break;
        node = child;
        continue descend;
      }
      return node;
    }
  }

  equals(other: Node): boolean {
    return other.tree === this.tree && other.index === this.index;
  }
}

/**
 * A copy of a tree into arrays, into a scratch's when given one; `inPlace` asks for views of the
 * copy the runtime made in its own memory instead (with `release`), where the dump has one.
 */
export type TreeDump = (tree: Tree, scratch?: TreeScratch, inPlace?: boolean) => TreeData;

/** How trees are copied out of WebAssembly on this thread (tree-dump.ts's, set by `initParser`). */
let dump: TreeDump | undefined;

/** This thread's tree copy (initParser, which every parse follows, sets it). */
function treeDump(): TreeDump {
  if (!dump) throw new Error('no tree copy on this thread: initParser sets it');
  return dump;
}

/** Sets how trees are copied on this thread; returns the copy used until now. */
export function setTreeDump(copy: TreeDump): TreeDump | undefined {
  const previous = dump;
  dump = copy;
  return previous;
}

/**
 * The tree-sitter tree copied into a FlatTree (the tree is left for the caller to delete), in
 * `scratch`'s buffers when given (see TreeScratch).
 */
export function flatten(tree: Tree, source: string, scratch?: TreeScratch): FlatTree {
  const data = treeDump()(tree, scratch);
  return new FlatTree(source, tree.language as unknown as Names, data, scratch);
}

/**
 * Characters handed to the parser per call: web-tree-sitter copies at most 5,119 per call into
 * its input buffer (10 KB of UTF-16), whatever the string it is given.
 */
const INPUT_CHUNK = 4096;

/**
 * The parser's input as chunks of `source`. Given the string itself, web-tree-sitter hands its
 * copying function the whole rest of the text at every call (`text.slice(index)`); measured in
 * the engine's parser threads (where the same string is then posted to the main thread), that
 * function stayed several times slower than in a thread that only parses: about 70 ms per pass
 * over bench:engine's JS/TS files. Handed bounded chunks, most of that difference goes (profiles
 * put the copy at about 0.15 of the parse's own time here, 0.1 in a parse-only thread).
 */
function chunksOf(source: string): (index: number) => string {
  return (index) => (index < source.length ? source.slice(index, index + INPUT_CHUNK) : '');
}

/**
 * Parses `source` and hands `use` the tree flat, read in place where the dump can (views of the
 * runtime's own copy, see TreeData.release: nothing copied into JavaScript's memory), then frees
 * the tree. `use` runs synchronously and must not run the parser (which may grow the runtime's
 * memory, leaving the views empty). Null when parsing was stopped (`options.progressCallback`).
 */
export function withParsedTree<T>(
  parser: Parser,
  source: string,
  options: Parameters<Parser['parse']>[2],
  scratch: TreeScratch,
  use: (tree: FlatTree) => T,
): T | null {
  const tree = parser.parse(chunksOf(source), null, options);
  if (!tree) return null;
  try {
    const data = treeDump()(tree, scratch, true);
    try {
      const result = use(new FlatTree(source, tree.language as unknown as Names, data, scratch));
      if (data.nodes.length === 0) throw new Error('The tree was read after its memory grew.');
      return result;
    } finally {
      data.release?.();
    }
  } finally {
    tree.delete();
  }
}

/**
 * Parses `source` and returns it flat, the tree-sitter tree already freed; null when parsing
 * was stopped (`options.progressCallback`). Built in `scratch` when given (see TreeScratch).
 */
export function parseFlat(
  parser: Parser,
  source: string,
  options?: Parameters<Parser['parse']>[2],
  scratch?: TreeScratch,
): FlatTree | null {
  const tree = parser.parse(chunksOf(source), null, options);
  if (!tree) return null;
  try {
    return flatten(tree, source, scratch);
  } finally {
    tree.delete();
  }
}
