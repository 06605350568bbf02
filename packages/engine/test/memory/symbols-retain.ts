// Keeps the symbols of many large files, drops everything else, and prints the heap in use (one
// JSON line); run by src/stream-memory.test.ts with --expose-gc. A streaming run keeps every
// file's symbols to its end, so they must not hold on to the files' sources.
import { indexFile } from '../../src/index-file.ts';
import { fileSymbols, type FileSymbols } from '../../src/resolve/symbols.ts';

const FILES = 40;
const kept: FileSymbols[] = [];
for (let i = 0; i < FILES; i++) {
  // about 1 MB of source, most of it a comment, and functions whose names are long
  const filler = `// ${'filler text '.repeat(80)}\n`.repeat(1000);
  const content = `${filler}export function computeEverything${i}() { return ${i}; }\nexport class LongEnoughClassName${i} {}\n`;
  const model = await indexFile({ path: `src/file${i}.ts`, content });
  kept.push(fileSymbols(model));
}
(globalThis as { gc?: () => void }).gc!();
const names = kept.flatMap((symbols) => [...symbols.byName.keys()]);
console.log(
  JSON.stringify({
    names: names.length,
    heapMb: process.memoryUsage().heapUsed / 1e6,
    sourceMb: FILES,
  }),
);
