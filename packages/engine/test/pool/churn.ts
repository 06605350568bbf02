// Starts and stops parse pools over a bundled (ES module) worker, each stopped after a delay (0–90 ms) that
// falls somewhere in its threads' loading: run by pool.test.ts, which expects "ok".
import { createParsePool } from '../../src/parse/pool.ts';

const [workerFile, rounds] = [process.argv[2]!, Number(process.argv[3])];
for (let round = 0; round < rounds; round++) {
  const pool = createParsePool({ threads: 4, workerFile });
  await new Promise((resolve) => setTimeout(resolve, round * 10));
  await pool.destroy();
}
console.log('ok');
