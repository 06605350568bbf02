// Indexes a generated repository in this process and prints one JSON line; run by
// src/stream-memory.test.ts under a small heap limit:
//   index-generated.ts <stream|in-memory> <files> <functions per file>
// Every module imports the next one (so files wait for an import) and the previous one, and
// every function calls one of its own module and one of each: 3 resolved calls per function.
import { indexRepository, streamRepositoryIndex } from '../../src/index-repository.ts';

const [mode, files, functions] = [
  process.argv[2],
  Number(process.argv[3]),
  Number(process.argv[4]),
];

function moduleText(i: number): string {
  const next = (i + 1) % files;
  const previous = (i + files - 1) % files;
  const lines = [
    `import { f${next}_0 } from './m${next}';`,
    `import { f${previous}_1 } from './m${previous}';`,
  ];
  for (let j = 0; j < functions; j++) {
    lines.push(
      `/** Computes step ${j} of module ${i}. */`,
      `export function f${i}_${j}(value: number, scale = ${j}): number {`,
      `  const first = f${i}_${(j + 1) % functions}(value - 1) + Math.max(value, scale);`,
      `  return first + f${next}_0(scale) + f${previous}_1(first);`,
      '}',
    );
  }
  return `${lines.join('\n')}\n`;
}

const sources = Array.from({ length: files }, (_, i) => ({
  path: `src/m${i}.ts`,
  content: moduleText(i),
}));
if (mode === 'stream') {
  let resolved = 0;
  const summary = await streamRepositoryIndex(sources, {
    references: (file) => {
      resolved += file.references.filter((r) => r.toId).length;
    },
  });
  console.log(JSON.stringify({ ...summary, resolved }));
} else {
  const index = await indexRepository(sources);
  console.log(JSON.stringify({ references: index.references.length }));
}
