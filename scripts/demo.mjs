// `npm run demo`: installs and builds what is missing, then runs scripts/demo/demo.ts (seed a
// demo account on ./demo-data and serve the app). `npm run demo -- --seed-only` seeds and stops.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureBuilt, ensureDependencies, root } from './workspace.mjs';

const args = process.argv.slice(2);
try {
  await ensureDependencies();
  if (!args.includes('--seed-only')) await ensureBuilt();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
const demo = spawn(
  process.execPath,
  ['--import', 'tsx', join(root, 'scripts/demo/demo.ts'), ...args],
  { cwd: root, stdio: 'inherit' },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => demo.kill(signal));
demo.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
