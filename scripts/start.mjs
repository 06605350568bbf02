// `npm start`: install and build whatever is missing, then run the production server, which
// serves the built SPA and the API on one port (SQLite in ./data unless DATABASE_URL is set).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureBuilt, ensureDependencies, root } from './workspace.mjs';

try {
  await ensureDependencies();
  await ensureBuilt();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

const server = spawn(
  process.execPath,
  ['--enable-source-maps', join(root, 'apps/server/dist/server.js')],
  {
    cwd: root,
    stdio: 'inherit',
    env: { NODE_ENV: 'production', ...process.env },
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
