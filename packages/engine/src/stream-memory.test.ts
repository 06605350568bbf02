import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const script = join(import.meta.dirname, '../test/memory/index-generated.ts');
const tsx = pathToFileURL(
  join(dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/loader.mjs'),
).href;

/** A heap far smaller than the generated repository's whole index (about 4 MB of code). */
const HEAP_MB = 24;
const FILES = 300;
const FUNCTIONS = 60;

async function indexUnderSmallHeap(mode: 'stream' | 'in-memory') {
  try {
    const { stdout } = await run(
      process.execPath,
      [
        `--max-old-space-size=${HEAP_MB}`,
        '--import',
        tsx,
        script,
        mode,
        `${FILES}`,
        `${FUNCTIONS}`,
      ],
      { maxBuffer: 1 << 20 },
    );
    return {
      ok: true,
      result: JSON.parse(stdout.trim().split('\n').pop()!) as Record<string, number>,
    };
  } catch {
    return { ok: false, result: {} };
  }
}

describe('memory of a repository index', () => {
  it('streaming holds symbols and waiting files, not every model: it fits a heap the whole index does not', async () => {
    const [streamed, held] = await Promise.all([
      indexUnderSmallHeap('stream'),
      indexUnderSmallHeap('in-memory'),
    ]);
    // the control: holding every model and reference does not fit, so the limit is a real one
    expect(held.ok).toBe(false);
    expect(streamed.ok).toBe(true);
    expect(streamed.result).toMatchObject({ files: FILES, objects: FILES * FUNCTIONS });
    // every call within the module and to the next and previous module resolved: 3 per function
    expect(streamed.result.resolved).toBe(FILES * FUNCTIONS * 3);
    // a file waits for an import only until that file is parsed (it is parsed next): a handful
    // wait at once, however many files there are
    expect(streamed.result.peakWaiting).toBeLessThanOrEqual(4);
  }, 120_000);

  it('symbols kept for a whole run do not keep the sources their names were read from', async () => {
    const { stdout } = await run(
      process.execPath,
      [
        '--expose-gc',
        '--import',
        tsx,
        join(import.meta.dirname, '../test/memory/symbols-retain.ts'),
      ],
      { maxBuffer: 1 << 20 },
    );
    const result = JSON.parse(stdout.trim().split('\n').pop()!) as Record<string, number>;
    expect(result.names).toBe(80);
    // 40 sources of about a megabyte each: held through their names, the heap would exceed them
    expect(result.heapMb).toBeLessThan(result.sourceMb! / 2);
  }, 120_000);
});
