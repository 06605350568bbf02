// A parse pool's worker that takes a while to load, as a thread on a busy machine does: it notes
// in $SLOW_WORKER_LOADED when it has loaded (pool.test.ts stops its pool at once).
import { appendFileSync } from 'node:fs';
import { threadId } from 'node:worker_threads';
import { announceLoaded } from '../../src/parse/pool-thread.ts';

announceLoaded();
const until = Date.now() + 300;
while (Date.now() < until);
appendFileSync(process.env.SLOW_WORKER_LOADED!, `${threadId}\n`);

export default function task(): Record<string, never> {
  return {};
}
