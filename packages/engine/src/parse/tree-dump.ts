import type { Tree } from 'web-tree-sitter';
import { NODE_INTS, room, type TreeDump, type TreeData, type TreeScratch } from './flat-tree.ts';
import { ownWasm, type WasmMemory, wasm } from '../wasm-api.ts';

/**
 * The single-call copy of a tree (wasm/tree-dump.c, built by scripts/build-tree-dump.mjs): a
 * small WebAssembly module compiled from tree-sitter's own cursor and node code, instantiated
 * beside web-tree-sitter's runtime on the runtime's memory, allocator and trees. It reads the
 * runtime's structures directly, so it is used only with the web-tree-sitter release it was
 * built from (`TREE_DUMP_VERSION`; package.json pins it); initParser refuses any other.
 */

/** The web-tree-sitter release wasm/tree-dump.c was compiled against. */
export const TREE_DUMP_VERSION = '0.25.10';

/**
 * A memory for web-tree-sitter's runtime (Emscripten takes the one it is given as `wasmMemory`),
 * of the runtime's default size, so that the tree copy can be instantiated on it.
 */
export function createRuntimeMemory(): WasmMemory {
  return new wasm.Memory({ initial: 512, maximum: 32768 });
}

/** The parts of the Emscripten module used here (what `Parser.init(module)` fills in). */
export interface RuntimeModule {
  wasmMemory: WasmMemory;
  HEAP32: Int32Array;
  _malloc(bytes: number): number;
  _free(address: number): void;
  _realloc(address: number, bytes: number): number;
  _ts_node_descendant_count_wasm(tree: number): number;
  _ts_tree_root_node_wasm(tree: number): void;
}

/** The module's own stack, inside the runtime's heap (its cursor needs a few hundred bytes). */
const STACK_BYTES = 64 * 1024;

/**
 * The single-call copy for `module`'s runtime, or undefined on another release of web-tree-sitter.
 */
export function createTreeDump(module: RuntimeModule, version: string): TreeDump | undefined {
  if (version !== TREE_DUMP_VERSION) return undefined;
  const M = module;
  const instance = new wasm.Instance(new wasm.Module(ownWasm('tree-dump')), {
    env: {
      memory: M.wasmMemory,
      malloc: M._malloc,
      free: M._free,
      realloc: M._realloc,
    },
  });
  const exports = instance.exports as {
    __stack_pointer: { value: number };
    codedocs_dump_tree(
      tree: number,
      out: number,
      capacity: number,
      fields: number,
      links: number,
    ): number;
  };
  exports.__stack_pointer.value = M._malloc(STACK_BYTES) + STACK_BYTES;

  // the fields list the copy grows: { data, size, capacity } (int32 each)
  const fieldList = M._malloc(12);

  /** `length` ints of the heap from int `from`, copied (into the scratch's `key` when given). */
  const copy = (
    from: number,
    length: number,
    scratch: TreeScratch | undefined,
    key: 'nodes' | 'fields' | 'end' | 'previous' | 'fieldsAt',
  ): Int32Array => {
    const ints = M.HEAP32.subarray(from, from + length);
    if (!scratch) return ints.slice();
    const into = room(scratch, key, length);
    into.set(ints);
    return into;
  };

  return (tree: Tree, scratch?: TreeScratch, inPlace = false): TreeData => {
    const address = (tree as unknown as { 0: number })[0];
    // the root marshalled into the transfer buffer, then counted there
    M._ts_tree_root_node_wasm(address);
    const capacity = M._ts_node_descendant_count_wasm(address);
    // the nodes, then their links (subtree ends, previous siblings, where their fields start)
    const out = M._malloc((capacity * (NODE_INTS + 3) + 1) * 4);
    M.HEAP32.fill(0, fieldList >> 2, (fieldList >> 2) + 3);
    // an in-place dump is freed by its `release`, any other here
    let kept = false;
    try {
      const links = out + capacity * NODE_INTS * 4;
      const count = exports.codedocs_dump_tree(address, out, capacity, fieldList, links);
      if (count !== capacity)
        throw new Error(`The tree has ${count} nodes where ${capacity} were expected.`);
      // HEAP32 read only now: the copy may have grown the memory
      const h = M.HEAP32;
      const from = out >> 2;
      const linked = links >> 2;
      const fields = h[fieldList >> 2]! >> 2;
      const fieldInts = h[(fieldList >> 2) + 1]!;
      if (inPlace) {
        // views of the runtime's copy, freed by the caller (the fields' buffer is this dump's
        // until the next one: its address is taken now)
        const fieldBuffer = h[fieldList >> 2]!;
        kept = true;
        return {
          nodes: h.subarray(from, from + count * NODE_INTS),
          fields: h.subarray(fields, fields + fieldInts),
          end: h.subarray(linked, linked + count),
          previous: h.subarray(linked + count, linked + 2 * count),
          fieldsAt: h.subarray(linked + 2 * count, linked + 3 * count + 1),
          release: () => {
            M._free(out);
            M._free(fieldBuffer);
          },
        };
      }
      return {
        nodes: copy(from, count * NODE_INTS, scratch, 'nodes'),
        fields: copy(fields, fieldInts, scratch, 'fields'),
        end: copy(linked, count, scratch, 'end'),
        previous: copy(linked + count, count, scratch, 'previous'),
        fieldsAt: copy(linked + 2 * count, count + 1, scratch, 'fieldsAt'),
      };
    } finally {
      if (!kept) {
        M._free(out);
        M._free(M.HEAP32[fieldList >> 2]!);
      }
    }
  };
}
