import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The parts of WebAssembly the engine uses (Node's global; @types/node 20 does not declare it):
 * the tree copy (parse/tree-dump.ts).
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

const require = createRequire(import.meta.url);

/**
 * The bytes of one of the engine's own modules, `wasm/<name>.wasm` (built from `wasm/<name>.c` by
 * `npm run build:wasm`, compared with its source by src/wasm-build.test.ts), found through this
 * package's name, so every bundle of the engine inside the repository (the CLI's dist/, the
 * server's, the bench's) finds the one file.
 */
export function ownWasm(name: 'tree-dump'): Uint8Array {
  return readFileSync(require.resolve(`@codedocs/engine/wasm/${name}.wasm`));
}
