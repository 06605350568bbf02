import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createParsePool, type ParsePool } from '@codedocs/engine';

let shared: ParsePool | undefined;

/**
 * The process's one pool of parser threads (one per core), started on first use. In the bundled
 * server the worker is dist/engine-worker.js (built beside server.js); from sources the engine's
 * own worker.ts is loaded through tsx.
 */
export function sharedParsePool(): ParsePool {
  if (!shared) {
    const bundled = import.meta.url.endsWith('.js')
      ? fileURLToPath(new URL('./engine-worker.js', import.meta.url))
      : undefined;
    shared = createParsePool(bundled && existsSync(bundled) ? { workerFile: bundled } : {});
  }
  return shared;
}

/** Stops the parser threads (shutdown); the next use starts a new pool. */
export async function closeParsePool(): Promise<void> {
  const pool = shared;
  shared = undefined;
  await pool?.destroy();
}
