import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
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
