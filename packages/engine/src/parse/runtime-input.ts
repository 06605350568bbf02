import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type WasmMemory, wasm } from '../wasm-api.ts';

/**
 * How the parser's input reaches the runtime. web-tree-sitter asks JavaScript for text whenever
 * the lexer leaves the chunk it has (about 1.4 times each file's length over a parse, more where
 * a scanner asks for columns) and copies what it gets into a 10 KB buffer in WebAssembly memory
 * one code unit at a time, through a DataView: in profiles of the engine's parser threads that
 * copy was several percent of parsing. Here the runtime is given the same import (an emscripten
 * `instantiateWasm` hook: the module compiled from the package's own tree-sitter.wasm, with the
 * same imports but that one) writing the text with Buffer's native UTF-16 write instead: the same
 * code units (lone surrogates included), the same length, the same terminator.
 *
 * Only for the runtime version it was written against (RUNTIME_INPUT_VERSION, the callback's
 * contract: web-tree-sitter's `_tree_sitter_parse_callback`); another version keeps its own.
 */
export const RUNTIME_INPUT_VERSION = '0.25.10';

/** web-tree-sitter's input buffer: 10 KB, of which it reads at most this many code units. */
const INPUT_BUFFER_BYTES = 10 * 1024;
export const MAX_UNITS = INPUT_BUFFER_BYTES / 2 - 1;

/** What the hook needs of emscripten's Module (web-tree-sitter sets the parse's callback there). */
interface InputModule {
  wasmMemory: WasmMemory;
  currentParseCallback?:
    ((index: number, position: { row: number; column: number }) => unknown) | null;
}

type Imports = Record<string, Record<string, unknown>>;
type Instance = InstanceType<typeof wasm.Instance>;
type Compiled = InstanceType<typeof wasm.Module>;

/**
 * web-tree-sitter's `tree_sitter_parse_callback` import for `module`: asks the parse's callback
 * for the text at `index` and writes at most MAX_UNITS of its code units into the input buffer,
 * with a terminating zero unit, and the text's length at `lengthAddress` (the runtime clamps it).
 */
export function parseCallbackFor(
  module: InputModule,
): (
  inputBuffer: number,
  index: number,
  row: number,
  column: number,
  lengthAddress: number,
) => void {
  let heap: Buffer | undefined;
  const memory = module.wasmMemory;
  /** The runtime's memory as a Buffer, made again after the memory grew (the old one detaches). */
  const bytes = (): Buffer => {
    if (heap === undefined || heap.buffer !== memory.buffer) heap = Buffer.from(memory.buffer);
    return heap;
  };
  return (inputBuffer, index, row, column, lengthAddress) => {
    const text = module.currentParseCallback?.(index, { row, column });
    const out = bytes();
    if (typeof text !== 'string') {
      out.writeInt32LE(0, lengthAddress);
      return;
    }
    out.writeInt32LE(text.length, lengthAddress);
    const units = Math.min(text.length, MAX_UNITS);
    out.write(text, inputBuffer, units * 2, 'utf16le');
    out.writeUInt16LE(0, inputBuffer + units * 2);
  };
}

let installed = false;

/** Whether this thread's runtime was instantiated by fastInputHook (for tests). */
export function fastInputInstalled(): boolean {
  return installed;
}

/**
 * The emscripten hook that instantiates web-tree-sitter's runtime with parseCallbackFor's input
 * copy, for `module` (the object handed to Parser.init, which emscripten uses as its Module).
 */
export function fastInputHook(
  module: InputModule,
): (imports: Imports, receive: (instance: Instance, compiled: Compiled) => void) => object {
  return (imports, receive) => {
    const require = createRequire(import.meta.url);
    const binary = readFileSync(require.resolve('web-tree-sitter/tree-sitter.wasm'));
    imports.env!.tree_sitter_parse_callback = parseCallbackFor(module);
    const compiled = new wasm.Module(binary);
    receive(new wasm.Instance(compiled, imports), compiled);
    installed = true;
    // emscripten takes the exports from `receive`; what the hook returns is not read
    return {};
  };
}
