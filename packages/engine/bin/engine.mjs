#!/usr/bin/env node
// `npm run engine -- …`: the engine CLI (src/cli.ts) as plain JavaScript. The CLI and its parser
// thread are bundled by esbuild into dist/ the first time and whenever a source is newer than
// the bundle, so a run pays node's start-up, not a TypeScript loader's in every thread
// (about a fifth of the CPU time `tsx src/cli.ts` takes to print its usage).
import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const engine = fileURLToPath(new URL('..', import.meta.url));
const dist = join(engine, 'dist');
const cli = join(dist, 'cli.mjs');

/** The newest modification time under a folder (the engine's sources). */
function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

const built = statSync(cli, { throwIfNoEntry: false })?.mtimeMs ?? 0;
if (
  built < Math.max(newest(join(engine, 'src')), statSync(fileURLToPath(import.meta.url)).mtimeMs)
) {
  const { build } = await import('esbuild');
  // chunk names carry a hash: the previous build's would stay behind
  rmSync(dist, { recursive: true, force: true });
  await build({
    absWorkingDir: engine,
    // the worker beside the CLI: the parse pool loads dist/worker.mjs when it runs bundled
    entryPoints: { cli: 'src/cli.ts', worker: 'src/worker.ts' },
    outdir: dist,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // npm packages (web-tree-sitter, grammars, piscina) load from node_modules
    packages: 'external',
    logLevel: 'warning',
  });
}
await import(pathToFileURL(cli).href);
