/**
 * The parts of WebAssembly the engine uses (Node's global; @types/node 20 does not declare it):
 * the tree copy (parse/tree-dump.ts) and the code-hash normaliser (identity.ts).
 */
export interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}

interface WasmApi {
  Memory: new (descriptor: { initial: number; maximum: number }) => WasmMemory;
  Module: new (bytes: Uint8Array) => object;
  Instance: new (
    module: object,
    imports: Record<string, Record<string, unknown>>,
  ) => { exports: unknown };
}

export const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;
