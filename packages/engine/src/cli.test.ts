import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const cli = join(import.meta.dirname, 'cli.ts');
// tsx's loader by absolute URL: the CLI runs from folders outside the workspace
const tsx = pathToFileURL(
  join(dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/loader.mjs'),
).href;

/** Runs the CLI as a user would (through tsx) and answers its output and exit code. */
async function engine(args: string[], cwd: string) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', tsx, cli, ...args], {
      cwd,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('the engine CLI', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'engine-cli-'));
    mkdirSync(join(root, 'proj/src'), { recursive: true });
    writeFileSync(
      join(root, 'proj/src/math.py'),
      'def add(a, b):\n    """Adds two numbers."""\n    return a + b\n',
    );
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('prints the docs of a file named relative to the directory or to the working directory', async () => {
    for (const [cwd, file] of [
      [root, 'src/math.py'],
      [root, 'proj/src/math.py'],
      [join(root, 'proj/src'), 'math.py'],
    ] as const) {
      const dir = relative(cwd, join(root, 'proj')) || '.';
      const out = await engine(['doc', dir, file], cwd);
      expect(out.code, out.stderr).toBe(0);
      expect(out.stdout).toContain('## function add');
      expect(out.stdout).toContain('Adds two numbers.');
    }
  });

  it('exits 1 for a file outside the directory and 2 for a missing directory', async () => {
    const outside = await engine(['doc', 'proj', 'elsewhere.py'], root);
    expect(outside.code).toBe(1);
    expect(outside.stderr).toContain('elsewhere.py: not found under proj');
    const missing = await engine(['index', 'nope'], root);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('nope: no such directory');
  });

  it('lists objects and counts per language', async () => {
    const out = await engine(['index', 'proj'], root);
    expect(out.code, out.stderr).toBe(0);
    expect(out.stdout).toContain('src/math.py:1\tfunction\tadd');
    expect(out.stdout).toMatch(/^python\s+1\s+2\s+0$/m);
  });

  it('runs bundled through bin/engine.mjs (npm run engine), on threads, as from sources', async () => {
    const launcher = join(import.meta.dirname, '../bin/engine.mjs');
    const bundled = await run(process.execPath, [launcher, 'index', 'proj', '--threads', '2'], {
      cwd: root,
    });
    expect(bundled.stdout).toEqual(
      (await engine(['index', 'proj', '--threads', '2'], root)).stdout,
    );
    expect(bundled.stdout).toContain('src/math.py:1\tfunction\tadd');
  });
});
