import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { indexFile } from '../index-file.ts';
import { createParsePool, loaderOptions } from './pool.ts';

const run = promisify(execFile);
const tsx = pathToFileURL(
  join(dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/loader.mjs'),
).href;
const script = join(import.meta.dirname, '../../test/pool/index-one.ts');

describe('parse pool', () => {
  it('starts its workers in a process run with V8 flags (a server given a bigger heap)', async () => {
    const { stdout } = await run(process.execPath, [
      '--max-old-space-size=300',
      '--stack-size=2000',
      '--import',
      tsx,
      script,
    ]);
    expect(JSON.parse(stdout.trim())).toEqual(['greet']);
  }, 60_000);

  it('gives indexFile’s model of every fixture whether the main thread or a worker converts', async () => {
    const root = join(import.meta.dirname, '../../test/fixtures');
    const files: { path: string; absolutePath: string }[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir).sort()) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else files.push({ path: path.slice(root.length + 1), absolutePath: path });
      }
    };
    walk(root);
    expect(files.length).toBeGreaterThan(50);
    const expected = await Promise.all(
      files.map(async (file) =>
        JSON.stringify(
          await indexFile({ path: file.path, content: readFileSync(file.absolutePath) }, {}),
        ),
      ),
    );
    // two threads: trees and records go to the main thread to be read; four: workers read them
    for (const threads of [2, 4]) {
      const pool = createParsePool({ threads });
      try {
        const models = await Promise.all(files.map((file) => pool.run({ ...file, options: {} })));
        models.forEach((model, i) =>
          expect(JSON.stringify(model), files[i]!.path).toBe(expected[i]),
        );
      } finally {
        await pool.destroy();
      }
    }
  }, 180_000);

  it('waits for threads still loading their module before it stops them', async () => {
    const dir = mkdtempSync(join(import.meta.dirname, '../../test/pool/.loaded-'));
    process.env.SLOW_WORKER_LOADED = join(dir, 'threads');
    try {
      const workerFile = join(import.meta.dirname, '../../test/pool/slow-worker.ts');
      await createParsePool({ threads: 2, workerFile }).destroy();
      expect(readFileSync(process.env.SLOW_WORKER_LOADED, 'utf8').trim().split('\n')).toHaveLength(
        2,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('stops pools over a bundled worker at any point of their loading without aborting', async () => {
    // bundled, the worker is an ES module that piscina loads with require(): a thread terminated
    // while Node links it aborted the process (Node 20.19+). The bundle must announce its loading
    // too, or each stop would wait LOAD_WAIT_MS and the test time out.
    const root = join(import.meta.dirname, '../../../..');
    mkdirSync(join(root, 'node_modules/.cache'), { recursive: true });
    const outdir = mkdtempSync(join(root, 'node_modules/.cache/pool-churn-'));
    try {
      await build({
        absWorkingDir: join(import.meta.dirname, '../..'),
        entryPoints: { churn: 'test/pool/churn.ts', worker: 'src/worker.ts' },
        outdir,
        outExtension: { '.js': '.mjs' },
        bundle: true,
        splitting: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        packages: 'external',
        logLevel: 'warning',
      });
      const { stdout } = await run(process.execPath, [
        join(outdir, 'churn.mjs'),
        join(outdir, 'worker.mjs'),
        '10',
      ]);
      expect(stdout.trim()).toBe('ok');
    } finally {
      rmSync(outdir, { recursive: true, force: true });
    }
  }, 120_000);

  it('hands a worker only the options that load modules, with their values', () => {
    expect(
      loaderOptions([
        '--max-old-space-size=300',
        '--import',
        'tsx',
        '--conditions=dev',
        '-r',
        './setup.cjs',
        '--stack-size=2000',
        '--require=./b.cjs',
      ]),
    ).toEqual(['--import', 'tsx', '--conditions=dev', '-r', './setup.cjs', '--require=./b.cjs']);
  });
});
