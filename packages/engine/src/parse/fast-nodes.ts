import { Node, type Tree } from 'web-tree-sitter';

/**
 * Faster paths for the web-tree-sitter `Node` calls the converters make hundreds of thousands of
 * times per repository. Each stock call writes the node into WebAssembly memory and reads the
 * answer back through Emscripten's `setValue`/`getValue` (a switch on a type name and a DataView
 * per field), and every node it returns runs the class's field initialisers. Here the same five
 * fields go through one Int32Array and returned nodes are built by a plain constructor over
 * `Node.prototype` — the same objects to every caller (`instanceof Node`, every method), the same
 * calls into WebAssembly, about a fifth less time converting a file.
 *
 * It reaches the runtime through the module object `Parser.init` fills in (the Emscripten module
 * is the options object it is given), and is installed only on the web-tree-sitter version it
 * was written and checked against (`fast-nodes.test.ts` compares every converter's output with
 * and without it); any other version keeps the stock methods.
 */

/** The Emscripten module's parts used here (what `Parser.init(module)` fills in). */
export interface RuntimeModule {
  HEAP32: Int32Array;
  _ts_init(): number;
  _malloc(bytes: number): number;
  _free(address: number): void;
  _ts_node_symbol_wasm(tree: number): number;
  _ts_node_end_index_wasm(tree: number): number;
  _ts_node_end_point_wasm(tree: number): void;
  _ts_node_child_by_field_id_wasm(tree: number, field: number): void;
  _ts_node_parent_wasm(tree: number): void;
  _ts_node_prev_sibling_wasm(tree: number): void;
  _ts_node_next_sibling_wasm(tree: number): void;
  _ts_node_next_named_sibling_wasm(tree: number): void;
  _ts_node_child_wasm(tree: number, index: number): void;
  _ts_node_named_child_wasm(tree: number, index: number): void;
  _ts_node_child_count_wasm(tree: number): number;
  _ts_node_named_child_count_wasm(tree: number): number;
  _ts_node_children_wasm(tree: number): void;
  _ts_node_named_children_wasm(tree: number): void;
  _ts_node_descendants_of_type_wasm(
    tree: number,
    symbols: number,
    count: number,
    startRow: number,
    startColumn: number,
    endRow: number,
    endColumn: number,
  ): void;
}

/** The web-tree-sitter release these paths mirror (package.json pins it exactly). */
export const FAST_NODES_VERSION = '0.25.10';

/** Int32 slots of one marshalled node: id, startIndex, start row, start column, other. */
const NODE_INTS = 5;

// The Node fields web-tree-sitter keeps on each instance (`[0]` is its internal handle).
interface NodeFields {
  0: number;
  id: number;
  tree: Tree & { 0: number; language: { types: string[]; fields: (string | null)[] } };
  startIndex: number;
  startPosition: { row: number; column: number };
  _children?: (Node | null)[];
  _namedChildren?: (Node | null)[];
}

/** The stock and the fast descriptors of each member replaced, once installed. */
let installed:
  | { stock: Record<string, PropertyDescriptor>; fast: Record<string, PropertyDescriptor> }
  | undefined;

/**
 * Switches between the fast paths and web-tree-sitter's own methods (the equivalence test runs
 * every converter both ways); false when the fast paths are not installed.
 */
export function useFastNodes(enabled: boolean): boolean {
  if (!installed) return false;
  const proto = Node.prototype as unknown as Record<string, unknown>;
  for (const [name, descriptor] of Object.entries(enabled ? installed.fast : installed.stock))
    Object.defineProperty(proto, name, descriptor);
  return true;
}

/**
 * Installs the fast paths on `Node.prototype` for the runtime `module` (already initialised,
 * once per thread); nothing happens on another version of web-tree-sitter.
 */
export function installFastNodes(module: RuntimeModule, version: string): void {
  if (installed || version !== FAST_NODES_VERSION) return;
  const M = module;
  // ts_init only reports the runtime's versions into its transfer buffer and returns the
  // buffer's address: the one stock web-tree-sitter marshals through
  const transfer = M._ts_init();
  const T = transfer >> 2;

  const marshal = (node: NodeFields): number => {
    const h = M.HEAP32;
    h[T] = node.id;
    h[T + 1] = node.startIndex;
    h[T + 2] = node.startPosition.row;
    h[T + 3] = node.startPosition.column;
    h[T + 4] = node[0];
    return node.tree[0];
  };

  // a plain constructor over Node.prototype: what the class builds, without its initialisers
  type Build = (
    this: NodeFields,
    tree: NodeFields['tree'],
    id: number,
    startIndex: number,
    row: number,
    column: number,
    other: number,
  ) => void;
  const FastNode: Build = function (tree, id, startIndex, row, column, other) {
    this[0] = other;
    this._children = undefined;
    this._namedChildren = undefined;
    this.id = id;
    this.tree = tree;
    this.startIndex = startIndex;
    this.startPosition = { row, column };
  };
  FastNode.prototype = Node.prototype;
  const Make = FastNode as unknown as new (...args: Parameters<Build>) => Node;

  /** The node marshalled at int32 slot `at` (the transfer buffer's by default), or null. */
  const unmarshal = (tree: NodeFields['tree'], at = T): Node | null => {
    const h = M.HEAP32;
    const id = h[at]!;
    if (id === 0) return null;
    return new Make(tree, id, h[at + 1]!, h[at + 2]!, h[at + 3]!, h[at + 4]!);
  };

  /** The list a `_children`-style call left in the transfer buffer (count, address), freed. */
  const unmarshalList = (tree: NodeFields['tree']): (Node | null)[] => {
    const h = M.HEAP32;
    const count = h[T]!;
    const address = h[T + 1]!;
    const out = new Array<Node | null>(count);
    if (count > 0) {
      for (let i = 0, at = address >> 2; i < count; i++, at += NODE_INTS)
        out[i] = unmarshal(tree, at);
      M._free(address);
    }
    return out;
  };

  const fieldIds = new WeakMap<object, Map<string, number>>();
  const fieldId = (tree: NodeFields['tree'], name: string): number => {
    const language = tree.language;
    let ids = fieldIds.get(language);
    if (!ids) {
      ids = new Map();
      language.fields.forEach((field, id) => {
        if (field !== null && !ids!.has(field)) ids!.set(field, id);
      });
      fieldIds.set(language, ids);
    }
    return ids.get(name) ?? -1;
  };

  const symbolsFor = new WeakMap<object, Map<string, number[]>>();
  const symbols = (tree: NodeFields['tree'], types: string[]): number[] => {
    const language = tree.language;
    let byKey = symbolsFor.get(language);
    if (!byKey) symbolsFor.set(language, (byKey = new Map()));
    const key = types.join('\0');
    let found = byKey.get(key);
    if (!found) {
      found = types.includes('ERROR') ? [65535] : [];
      language.types.forEach((type, symbol) => {
        if (types.includes(type)) found!.push(symbol);
      });
      byKey.set(key, found);
    }
    return found;
  };

  /** A member whose WebAssembly call leaves one node (or none) in the transfer buffer. */
  const toNode = (call: (tree: number, arg: number) => void) =>
    function (this: NodeFields, arg = 0): Node | null {
      call(marshal(this), arg);
      return unmarshal(this.tree);
    };

  const getters: Record<string, (this: NodeFields) => unknown> = {
    typeId() {
      return M._ts_node_symbol_wasm(marshal(this));
    },
    type() {
      return this.tree.language.types[M._ts_node_symbol_wasm(marshal(this))] || 'ERROR';
    },
    endIndex() {
      return M._ts_node_end_index_wasm(marshal(this));
    },
    endPosition() {
      M._ts_node_end_point_wasm(marshal(this));
      const h = M.HEAP32;
      return { row: h[T]! >>> 0, column: h[T + 1]! >>> 0 };
    },
    parent: toNode((tree) => M._ts_node_parent_wasm(tree)),
    previousSibling: toNode((tree) => M._ts_node_prev_sibling_wasm(tree)),
    nextSibling: toNode((tree) => M._ts_node_next_sibling_wasm(tree)),
    nextNamedSibling: toNode((tree) => M._ts_node_next_named_sibling_wasm(tree)),
    firstNamedChild: toNode((tree) => M._ts_node_named_child_wasm(tree, 0)),
    childCount() {
      return M._ts_node_child_count_wasm(marshal(this));
    },
    namedChildCount() {
      return M._ts_node_named_child_count_wasm(marshal(this));
    },
    children() {
      if (!this._children) {
        M._ts_node_children_wasm(marshal(this));
        this._children = unmarshalList(this.tree);
      }
      return this._children;
    },
    namedChildren() {
      if (!this._namedChildren) {
        M._ts_node_named_children_wasm(marshal(this));
        this._namedChildren = unmarshalList(this.tree);
      }
      return this._namedChildren;
    },
  };

  const methods: Record<string, (this: NodeFields, ...args: never[]) => unknown> = {
    child: toNode((tree, index) => M._ts_node_child_wasm(tree, index)),
    namedChild: toNode((tree, index) => M._ts_node_named_child_wasm(tree, index)),
    childForFieldId: toNode((tree, id) => M._ts_node_child_by_field_id_wasm(tree, id)),
    childForFieldName(name: string) {
      const id = fieldId(this.tree, name);
      if (id === -1) return null;
      M._ts_node_child_by_field_id_wasm(marshal(this), id);
      return unmarshal(this.tree);
    },
    descendantsOfType(types: string | string[], start?: never, end?: never) {
      // a range is rare here: the stock method handles it
      if (start !== undefined || end !== undefined) {
        return stock.descendantsOfType!.value.call(this, types, start, end);
      }
      const list = symbols(this.tree, Array.isArray(types) ? types : [types]);
      const address = M._malloc(4 * list.length);
      M.HEAP32.set(list, address >> 2);
      M._ts_node_descendants_of_type_wasm(marshal(this), address, list.length, 0, 0, 0, 0);
      const out = unmarshalList(this.tree);
      // (unmarshalList frees the result only when it is not empty, as the stock method does)
      if (out.length === 0) M._free(M.HEAP32[T + 1]!);
      M._free(address);
      return out;
    },
  };

  const proto = Node.prototype as unknown as Record<string, unknown>;
  const stock: Record<string, PropertyDescriptor> = {};
  for (const name of [...Object.keys(getters), ...Object.keys(methods)]) {
    const descriptor = Object.getOwnPropertyDescriptor(proto, name);
    // a member this version does not have as expected: leave everything stock
    if (!descriptor) return;
    stock[name] = descriptor;
  }
  const fast: Record<string, PropertyDescriptor> = {};
  for (const [name, get] of Object.entries(getters)) fast[name] = { ...stock[name], get };
  for (const [name, value] of Object.entries(methods)) fast[name] = { ...stock[name], value };
  installed = { stock, fast };
  useFastNodes(true);
}
