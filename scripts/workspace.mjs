// Helpers shared by the root commands (start, dev, test). Node built-ins only, so they run on
// a fresh clone before `npm ci` has installed anything.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
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

/** Builds the SPA and the server bundle when they are missing or older than their sources. */
export async function ensureBuilt({ force = false } = {}) {
  const webSources = [
    'apps/web/src',
    'apps/web/public',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    ...sharedSources,
  ];
  if (force || isStale('apps/web/dist/index.html', webSources)) {
    console.log('> Building the web app…');
    await runNpm(['run', 'build', '-w', '@codedocs/web']);
  }
  const serverSources = ['apps/server/src', 'apps/server/build.mjs', ...sharedSources];
  if (force || isStale('apps/server/dist/server.js', serverSources)) {
    console.log('> Building the server…');
    await runNpm(['run', 'build', '-w', '@codedocs/server']);
  }
}
