// Debug and CI entry point:
//   index <dir> [--json] [--threads N]   objects and counts per language (or the whole JSON model)
//   doc <dir> <file>                     generated documentation of one file's objects (the file
//                                        relative to <dir>, or a path to it from here)
// Run as `npx tsx packages/engine/src/cli.ts …` or `npm run engine -- …`. Exit codes: 0 done,
// 1 the file is not under <dir>, 2 bad usage or no such directory.
import { statSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { listFiles } from './cli/walk.ts';
import { generateDoc } from './generate/docs.ts';
import { renderDocComment } from './generate/render.ts';
import { indexRepository } from './index-repository.ts';
import { summarize } from './cli/summary.ts';

function usage(): never {
  console.error('usage: cli.ts index <dir> [--json] [--threads N] | doc <dir> <file>');
  process.exit(2);
}

/** `target` (absolute, or relative to the working directory) as a path inside `dir`, if it is one. */
function pathUnder(dir: string, target: string): string | undefined {
  const inside = relative(resolve(dir), resolve(target));
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) return undefined;
  return inside.split(sep).join('/');
}

async function main(args: string[]): Promise<void> {
  const [command, dir, ...rest] = args;
  if (!command || !dir) usage();
  const threadsFlag = rest.indexOf('--threads');
  const threads = threadsFlag >= 0 ? Number(rest[threadsFlag + 1]) : undefined;
  if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory()) {
    console.error(`${dir}: no such directory`);
    process.exit(2);
  }
  const files = listFiles(resolve(dir));
  if (command === 'index') {
    const index = await indexRepository(files, threads ? { threads } : {});
    if (rest.includes('--json')) {
      process.stdout.write(`${JSON.stringify(index)}\n`);
      return;
    }
    for (const file of index.files) {
      for (const o of file.objects)
        console.log(`${file.path}:${o.range.startLine}\t${o.kind}\t${o.qualifiedName}`);
      for (const d of file.diagnostics)
        console.log(`${file.path}:${d.line ?? 0}\t${d.severity}\t${d.message}`);
    }
    console.log(summarize(index));
    return;
  }
  if (command === 'doc') {
    const target = rest[0];
    if (!target) usage();
    const index = await indexRepository(files);
    const file =
      index.files.find((f) => f.path === target) ??
      index.files.find((f) => f.path === pathUnder(dir, target));
    if (!file) {
      console.error(`${target}: not found under ${dir}`);
      process.exit(1);
    }
    for (const object of file.objects) {
      const doc = generateDoc(object, index.references);
      console.log(`## ${object.kind} ${object.qualifiedName}  (line ${object.range.startLine})`);
      console.log(object.signature);
      console.log(renderDocComment(file.language ?? '', object, doc));
      console.log('');
    }
    return;
  }
  usage();
}

await main(process.argv.slice(2));
