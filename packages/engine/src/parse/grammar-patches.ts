/**
 * Repairs to grammar binaries, applied to the bytes before web-tree-sitter loads them.
 *
 * tree-sitter-wasms' `tree-sitter-lua.wasm` (tree-sitter-lua 2.1) has an external scanner whose
 * state (`{ started, depth }`) comes from `malloc` and whose `deserialize` writes it only when
 * given the two bytes it serialises. Tree-sitter resets a scanner by deserialising zero bytes
 * (at the start of every parse and before every token that follows no external token), so the
 * Lua scanner keeps whatever the heap held: zero on a thread's first parser, the leftovers of
 * other parsers' memory after that. The parse then goes wrong from the first line (a number read
 * as a string start, a function lost). The repair adds the missing `else` to `deserialize`:
 * zero bytes reset the state to `{ 0, 0 }`, as the scanner's own `create` should have.
 */

/** `if (length == 2) { started = buffer[0]; depth = buffer[1]; }` as the grammar ships it. */
const LUA_DESERIALIZE = Uint8Array.from([
  0x00, 0x20, 0x02, 0x41, 0x02, 0x46, 0x04, 0x40, 0x20, 0x00, 0x20, 0x01, 0x2c, 0x00, 0x00, 0x36,
  0x02, 0x00, 0x20, 0x00, 0x20, 0x01, 0x2c, 0x00, 0x01, 0x36, 0x02, 0x04, 0x0b, 0x0b,
]);
/** The same with `else { *(uint64_t *)payload = 0; }` (`local.get 0; i64.const 0; i64.store`). */
const LUA_DESERIALIZE_RESETTING = Uint8Array.from([
  ...LUA_DESERIALIZE.subarray(0, -2),
  0x05,
  0x20,
  0x00,
  0x42,
  0x00,
  0x37,
  0x02,
  0x00,
  0x0b,
  0x0b,
]);

/** Grammar file → the function bodies to replace (by exported name: the body it must have now). */
const PATCHES: Record<string, Record<string, { from: Uint8Array; to: Uint8Array }>> = {
  'tree-sitter-lua.wasm': {
    tree_sitter_lua_external_scanner_deserialize: {
      from: LUA_DESERIALIZE,
      to: LUA_DESERIALIZE_RESETTING,
    },
  },
};

/** Whether a grammar file has a repair (its bytes must then go through `patchGrammar`). */
export function hasGrammarPatch(file: string): boolean {
  return file in PATCHES;
}

/**
 * The grammar's bytes with its repairs applied. A body that is not byte for byte the one the
 * repair was written for (another build of the grammar) is left alone.
 */
export function patchGrammar(file: string, bytes: Uint8Array): Uint8Array {
  const patches = PATCHES[file];
  if (!patches) return bytes;
  const module = readModule(bytes);
  if (!module) return bytes;
  const bodies = module.bodies.slice();
  let changed = false;
  for (const [name, { from, to }] of Object.entries(patches)) {
    const index = module.exportedFunctions.get(name);
    if (index === undefined) continue;
    const at = index - module.importedFunctions;
    const body = bodies[at];
    if (!body || !equal(body, from)) continue;
    bodies[at] = to;
    changed = true;
  }
  if (!changed) return bytes;
  const code = concat([leb(bodies.length), ...bodies.flatMap((body) => [leb(body.length), body])]);
  return concat([
    bytes.subarray(0, module.code.headerStart),
    Uint8Array.of(10),
    leb(code.length),
    code,
    bytes.subarray(module.code.end),
  ]);
}

interface ModuleLayout {
  importedFunctions: number;
  exportedFunctions: Map<string, number>;
  bodies: Uint8Array[];
  /** The code section: where its id byte is and where it ends. */
  code: { headerStart: number; end: number };
}

/** The parts of a WebAssembly binary a repair needs; undefined when it is not one. */
function readModule(bytes: Uint8Array): ModuleLayout | undefined {
  if (bytes.length < 8 || bytes[0] !== 0 || bytes[1] !== 0x61) return undefined;
  let at = 8;
  const u32 = () => {
    let result = 0;
    let shift = 0;
    let byte: number;
    do {
      byte = bytes[at++]!;
      result |= (byte & 0x7f) << shift;
      shift += 7;
    } while (byte & 0x80);
    return result >>> 0;
  };
  const skipName = () => {
    const length = u32();
    at += length;
  };
  const name = () => {
    const length = u32();
    const text = new TextDecoder().decode(bytes.subarray(at, at + length));
    at += length;
    return text;
  };
  const skipLimits = () => {
    const flags = u32();
    u32();
    if (flags & 1) u32();
  };
  const layout: ModuleLayout = {
    importedFunctions: 0,
    exportedFunctions: new Map(),
    bodies: [],
    code: { headerStart: 0, end: 0 },
  };
  while (at < bytes.length) {
    const headerStart = at;
    const id = bytes[at++]!;
    const size = u32();
    const end = at + size;
    if (id === 2) {
      for (let count = u32(); count > 0; count--) {
        skipName();
        skipName();
        const kind = bytes[at++];
        if (kind === 0) {
          u32();
          layout.importedFunctions++;
        } else if (kind === 1) {
          at++;
          skipLimits();
        } else if (kind === 2) skipLimits();
        else at += 2; // a global: value type and mutability
      }
    } else if (id === 7) {
      for (let count = u32(); count > 0; count--) {
        const exported = name();
        const kind = bytes[at++];
        const index = u32();
        if (kind === 0) layout.exportedFunctions.set(exported, index);
      }
    } else if (id === 10) {
      for (let count = u32(); count > 0; count--) {
        const length = u32();
        layout.bodies.push(bytes.subarray(at, at + length));
        at += length;
      }
      layout.code = { headerStart, end };
    }
    at = end;
  }
  return layout.code.end ? layout : undefined;
}

function leb(value: number): Uint8Array {
  const out: number[] = [];
  do {
    let byte = value & 0x7f;
    value >>>= 7;
    if (value) byte |= 0x80;
    out.push(byte);
  } while (value);
  return Uint8Array.from(out);
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function equal(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}
