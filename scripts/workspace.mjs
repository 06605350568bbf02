// Helpers shared by the root commands (start, dev, test). Node built-ins only, so they run on
// a fresh clone before `npm ci` has installed anything.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = dirname(dirname(fileURLToPath(import.meta.url)));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs a command in the repository root, inheriting stdio; rejects on a non-zero exit. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`));
    });
  });
}

/** Runs an npm command. */
export const runNpm = (args, options) => run(npm, args, options);

/** Newest modification time (ms) of the files under the given paths, skipping build output. */
function newestMtime(paths) {
  let newest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) {
        if (entry === 'node_modules' || entry === 'dist' || entry.startsWith('.')) continue;
        visit(join(path, entry));
      }
    } else if (!/\.test\.tsx?$/.test(path)) {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  paths.forEach((path) => visit(join(root, path)));
  return newest;
}

/** True when `output` is missing or older than any of its `sources`. */
function isStale(output, sources) {
  const outputPath = join(root, output);
  return !existsSync(outputPath) || statSync(outputPath).mtimeMs < newestMtime(sources);
}

/** Installs dependencies when node_modules is missing or older than the lockfile. */
export async function ensureDependencies() {
  const installed = join(root, 'node_modules', '.package-lock.json');
  if (!isStale('node_modules/.package-lock.json', ['package-lock.json']) && existsSync(installed)) {
    return;
  }
  console.log('> Installing dependencies (npm ci)…');
  await runNpm(['ci', '--loglevel=error']);
}

const sharedSources = ['packages/contract/src', 'packages/db/src', 'package-lock.json'];

/**
 * A digest of the files under the given paths (names and contents; tests, build output and
 * dot-files left out). Contents, not modification times: a checkout or a copy touches every
 * file's time without changing what a build makes of it.
 */
function sourceDigest(paths) {
  const hash = createHash('sha256');
  const visit = (path) => {
    if (!existsSync(path)) return;
    if (statSync(path).isDirectory()) {
      for (const entry of readdirSync(path).sort()) {
        if (entry === 'node_modules' || entry === 'dist' || entry.startsWith('.')) continue;
        visit(join(path, entry));
      }
    } else if (!/\.test\.tsx?$/.test(path)) {
      hash.update(path.slice(root.length)).update('\0').update(readFileSync(path)).update('\0');
    }
  };
  paths.forEach((path) => visit(join(root, path)));
  return hash.digest('hex');
}

/**
 * Builds `output` with `build` unless the digest of its sources is the one recorded beside it
 * by the last build (`<dir>/.sources-digest`); `force` builds anyway.
 */
async function buildIfChanged(label, output, sources, build, force) {
  const digestFile = join(root, dirname(output), '.sources-digest');
  const digest = sourceDigest(sources);
  const built =
    existsSync(join(root, output)) &&
    existsSync(digestFile) &&
    readFileSync(digestFile, 'utf8').trim() === digest;
  if (built && !force) return;
  console.log(`> Building ${label}…`);
  await build();
  writeFileSync(digestFile, `${digest}\n`);
}

/** Builds the SPA and the server bundle when they are missing or their sources changed. */
export async function ensureBuilt({ force = false } = {}) {
  await buildIfChanged(
    'the web app',
    'apps/web/dist/index.html',
    [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      ...sharedSources,
    ],
    () => runNpm(['run', 'build', '-w', '@codedocs/web']),
    force,
  );
  // the server bundle holds the engine and the site generator too
  await buildIfChanged(
    'the server',
    'apps/server/dist/server.js',
    [
      'apps/server/src',
      'apps/server/build.mjs',
      'packages/engine/src',
      'packages/engine/wasm',
      'packages/sitegen/src',
      ...sharedSources,
    ],
    () => runNpm(['run', 'build', '-w', '@codedocs/server']),
    force,
  );
}
