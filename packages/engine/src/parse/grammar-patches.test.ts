import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { expect, test } from 'vitest';
import { Language, Parser } from 'web-tree-sitter';
import { indexFile } from '../index-file.ts';
import { hasGrammarPatch, patchGrammar } from './grammar-patches.ts';
import { initParser } from './grammars.ts';

const require = createRequire(import.meta.url);
const luaWasm = join(
  dirname(require.resolve('tree-sitter-wasms/package.json')),
  'out/tree-sitter-lua.wasm',
);

const LUA = `local M = {}

--- Adds two numbers.
function M.add(a, b)
  return a + b
end

local function helper(x)
  return "x" .. x
end

return M
`;

/** Parses LUA with `count` parsers of one language, all alive at once: whether each has an error. */
async function parseWithParsers(bytes: Uint8Array, count: number): Promise<boolean[]> {
  await initParser();
  const language = await Language.load(bytes);
  const parsers: Parser[] = [];
  try {
    return Array.from({ length: count }, () => {
      const parser = new Parser();
      parsers.push(parser);
      parser.setLanguage(language);
      return parser.parse(LUA)!.rootNode.hasError;
    });
  } finally {
    for (const parser of parsers) parser.delete();
  }
}

test('Lua parses right after other languages have parsed in the same thread', async () => {
  // other grammars first, in this thread: their parsers leave the heap Lua's scanner reads
  await indexFile({ path: 'a.py', content: 'def f(x):\n    return [x, "y"]\n' });
  await indexFile({
    path: 'b.go',
    content: 'package b\n\nfunc G(s string) int { return len(s) }\n',
  });
  await indexFile({ path: 'c.c', content: 'static int h(int v) { return v * 2; }\n' });
  const lua = await indexFile({ path: 'm.lua', content: LUA });
  expect(lua.diagnostics).toEqual([]);
  expect(lua.objects.map((o) => o.qualifiedName)).toEqual(['M.add', 'helper']);
  expect(lua.objects[0]!.doc?.text).toBe('Adds two numbers.');
});

test('the repaired Lua scanner resets its state, however many parsers a thread holds', async () => {
  const shipped = new Uint8Array(await readFile(luaWasm));
  expect(hasGrammarPatch('tree-sitter-lua.wasm')).toBe(true);
  const repaired = patchGrammar('tree-sitter-lua.wasm', shipped);
  expect(repaired.length).toBe(shipped.length + 8);
  expect(await parseWithParsers(repaired, 4)).toEqual([false, false, false, false]);
  // another build of the grammar (or any other binary) is left as it is
  expect(patchGrammar('tree-sitter-lua.wasm', repaired)).toBe(repaired);
  expect(patchGrammar('tree-sitter-python.wasm', shipped)).toBe(shipped);
});
