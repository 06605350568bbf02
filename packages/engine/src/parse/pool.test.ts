import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loaderOptions } from './pool.ts';

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
