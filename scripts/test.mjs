// `npm test`: every check a change must pass — lint, typecheck, the unit and integration suites
// (server suites on SQLite, and on PostgreSQL when it is reachable), a fresh production build,
// and the end-to-end suite in Debian's Chromium against the built app.
// `npm test -- --skip-e2e` or `--only=unit|e2e|static` narrows it while developing.
import { ensureBuilt, ensureDependencies, runNpm, run } from './workspace.mjs';

const args = process.argv.slice(2);
const only = args.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
const skipE2e = args.includes('--skip-e2e');
const wants = (stage) => !only || only === stage;

// Each entry is one step or a list of steps run at the same time: lint (ESLint, Prettier) and
// the typecheck (tsc, one project after another) each keep one core busy, so on a 2-core
// machine they take together about what the longer one takes alone.
const stages = [
  [
    'static',
    [
      ['Lint and format', () => runNpm(['run', 'lint'])],
      ['Typecheck', () => runNpm(['run', 'typecheck'])],
    ],
  ],
  ['unit', [['Unit and integration tests (vitest)', () => run('npx', ['vitest', 'run'])]]],
  // rebuilt only when the sources of the web app or the server bundle changed (by content)
  ['e2e', [['Production build', () => ensureBuilt()]]],
  ['e2e', [['End-to-end tests (Playwright, Chromium)', () => runNpm(['run', 'test:e2e'])]]],
];

/** Runs one step, printing its outcome and time; answers whether it passed. */
async function runStep(title, step) {
  const stepStarted = Date.now();
  try {
    await step();
  } catch (error) {
    console.error(`\n✗ ${title} failed: ${error instanceof Error ? error.message : error}`);
    return false;
  }
  console.log(`✓ ${title} (${((Date.now() - stepStarted) / 1000).toFixed(1)} s)`);
  return true;
}

await ensureDependencies();
const started = Date.now();
for (const [stage, steps] of stages) {
  if (!wants(stage) || (stage === 'e2e' && skipE2e)) continue;
  console.log(`\n=== ${steps.map(([title]) => title).join(' + ')}`);
  const passed = await Promise.all(steps.map(([title, step]) => runStep(title, step)));
  if (passed.includes(false)) process.exit(1);
}
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
