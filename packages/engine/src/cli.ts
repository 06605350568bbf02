// Debug and CI entry point:
//   index <dir> [--json] [--threads N]   objects and counts per language (or the whole JSON model)
//   doc <dir> <file>                     generated documentation of one file's objects (the file
//                                        relative to <dir>, or a path to it from here)
// Both stream the repository (only printed lines, or the one file, are kept), except --json.
// Run as `npm run engine -- …` (bin/engine.mjs: this file bundled) or `npx tsx
// packages/engine/src/cli.ts …`. Exit codes: 0 done, 1 the file is not under <dir>, 2 bad usage
// or no such directory. The indexer (web-tree-sitter, piscina) and the doc generator are
// imported when a command needs them, so usage errors answer at once.
import { readFileSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { listFiles } from './cli/walk.ts';
import type { FileIndex, Reference } from './model.ts';

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
  if (!command || !dir || (command !== 'index' && command !== 'doc')) usage();
  const threadsFlag = rest.indexOf('--threads');
  const threads = threadsFlag >= 0 ? Number(rest[threadsFlag + 1]) : undefined;
  if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory()) {
    console.error(`${dir}: no such directory`);
    process.exit(2);
  }
  const files = listFiles(resolve(dir));
  const options = threads ? { threads } : {};
  const { indexRepository, streamRepositoryIndex } = await import('./index-repository.ts');
  if (command === 'index') {
    if (rest.includes('--json')) {
      process.stdout.write(`${JSON.stringify(await indexRepository(files, options))}\n`);
      return;
    }
    // streamed: each file leaves only its printed lines behind (sorted by path at the end)
    const { IndexSummary } = await import('./cli/summary.ts');
    const summary = new IndexSummary();
    const lines = new Map<string, string[]>();
    await streamRepositoryIndex(
      files,
      {
        file: (file) => {
          summary.addFile(file);
          lines.set(file.path, [
            ...file.objects.map(
              (o) => `${file.path}:${o.range.startLine}\t${o.kind}\t${o.qualifiedName}`,
            ),
            ...file.diagnostics.map(
              (d) => `${file.path}:${d.line ?? 0}\t${d.severity}\t${d.message}`,
            ),
          ]);
        },
        references: (resolved) => summary.addReferences(resolved.references),
      },
      options,
    );
    for (const path of [...lines.keys()].sort()) {
      for (const line of lines.get(path)!) console.log(line);
    }
    console.log(summary.toString());
    return;
  }
  if (command === 'doc') {
    const target = rest[0];
    if (!target) usage();
    const path = files.some((f) => f.path === target) ? target : pathUnder(dir, target);
    // streamed: only the file asked for is kept, with the references that point into it
    let file: FileIndex | undefined;
    const references: Reference[] = [];
    await streamRepositoryIndex(
      files,
      {
        file: (model) => {
          if (model.path === path) file = model;
        },
        references: (resolved) => {
          for (const ref of resolved.references) {
            if (ref.toFile === path) references.push(ref);
          }
        },
      },
      options,
    );
    if (!file) {
      console.error(`${target}: not found under ${dir}`);
      process.exit(1);
    }
    const { generateDoc } = await import('./generate/docs.ts');
    const { renderDocComment } = await import('./generate/render.ts');
    const { readFileFacts } = await import('./generate/facts.ts');
    // facts from the file's code, examples from its callers' files, read as generation asks
    const sourceOf = (p: string) => {
      try {
        return readFileSync(join(dir, p), 'utf8');
      } catch {
        return undefined;
      }
    };
    const facts = await readFileFacts(file, sourceOf(file.path) ?? '');
    for (const object of file.objects) {
      const doc = generateDoc(object, references, {
        facts: facts.get(object.id),
        sourceOf,
        language: file.language ?? '',
        siblings: file.objects,
      });
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
