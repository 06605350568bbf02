import { describe, expect, it } from 'vitest';
import { wasm } from '../wasm-api.ts';
import { initParser, parserFor } from './grammars.ts';
import { fastInputInstalled, MAX_UNITS, parseCallbackFor } from './runtime-input.ts';

describe('the parser input copied natively', () => {
  const units = (text: string) => Array.from({ length: text.length }, (_, i) => text.charCodeAt(i));

  it('writes the code units asked for, lone surrogates included, with the length and a terminator', () => {
    const memory = new wasm.Memory({ initial: 1, maximum: 4 });
    const texts = ['ab\uD800c😀\uDC00', 'x'.repeat(MAX_UNITS + 900)];
    let asked: [number, { row: number; column: number }] | undefined;
    const module = {
      wasmMemory: memory,
      currentParseCallback: (index: number, position: { row: number; column: number }) => {
        asked = [index, position];
        return texts.shift();
      },
    };
    const callback = parseCallbackFor(module);
    new Uint8Array(memory.buffer).fill(0xab);
    callback(64, 7, 2, 3, 8);
    expect(asked).toEqual([7, { row: 2, column: 3 }]);
    let view = new DataView(memory.buffer);
    expect(view.getInt32(8, true)).toBe(7);
    const first = Array.from({ length: 8 }, (_, i) => view.getUint16(64 + 2 * i, true));
    expect(first).toEqual([...units('ab\uD800c😀\uDC00'), 0]);
    // the memory grows between calls: the next copy lands in the new buffer
    memory.grow(1);
    callback(64, 0, 0, 0, 8);
    view = new DataView(memory.buffer);
    expect(view.getInt32(8, true)).toBe(MAX_UNITS + 900);
    expect(view.getUint16(64 + 2 * (MAX_UNITS - 1), true)).toBe('x'.charCodeAt(0));
    // at most the buffer's units, then the terminator; nothing past it
    expect(view.getUint16(64 + 2 * MAX_UNITS, true)).toBe(0);
    expect(view.getUint16(64 + 2 * MAX_UNITS + 2, true)).toBe(0xabab);
    // no text: a length of zero
    callback(64, 0, 0, 0, 8);
    expect(new DataView(memory.buffer).getInt32(8, true)).toBe(0);
  });

  it('is the runtime’s input in the engine’s threads, and parses text of every width alike', async () => {
    await initParser();
    expect(fastInputInstalled()).toBe(true);
    const parser = (await parserFor('javascript'))!;
    // several buffers' worth of lines, with astral characters and lone surrogates in strings
    const lines = Array.from(
      { length: 900 },
      (_, i) =>
        `const name${i} = "😀${i}\\u{1F600}" + '\uD800' + \`é${i}\`; // ${'ü'.repeat(i % 7)}`,
    );
    const text = lines.join('\n');
    expect(text.length).toBeGreaterThan(5 * MAX_UNITS);
    for (const input of [text, (index: number) => text.slice(index, index + 4096)]) {
      const tree = parser.parse(input)!;
      try {
        expect(tree.rootNode.hasError).toBe(false);
        expect(tree.rootNode.endIndex).toBe(text.length);
        const declarations = tree.rootNode.children.filter(
          (node) => node!.type === 'lexical_declaration',
        );
        const names = declarations.map((declaration) => {
          const name = declaration!.namedChildren[0]!.childForFieldName('name')!;
          return text.slice(name.startIndex, name.endIndex);
        });
        expect(names).toEqual(lines.map((_, i) => `name${i}`));
      } finally {
        tree.delete();
      }
    }
  });
});
